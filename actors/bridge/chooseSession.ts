/**
 * The routing rule for a server-initiated request from a SHARED upstream (actors/README.md,
 * "Routing of server-initiated requests"). On stdio nothing on the wire ties the upstream's
 * request to the client request that caused it, so the rule infers the cause:
 *
 * 1. requests in flight to this upstream from exactly ONE session: that session caused it;
 * 2. from several sessions: the one with the most recent request in flight that can take it;
 * 3. from none: the most recently active session (any upstream) that can take it;
 * 4. otherwise no session: the upstream gets an error.
 *
 * In case 1 the cause is known, so a session that cannot take the request is an error, never
 * a fallback to another user's session.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
import type { UsageEntry } from './sessionUsage.js';

export interface Candidate<S> extends UsageEntry<S> {
  /** Why this session cannot take the request; undefined when it can. */
  gap: { code: number; reason: string } | undefined;
}

export type Choice<S> =
  | {
      kind: 'session';
      session: S;
      relatedRequestId: JsonRpcId | undefined;
      why: 'only-inflight' | 'latest-inflight' | 'latest-active';
    }
  | { kind: 'none'; code: number; reason: string };

export function chooseSession<S>(candidates: readonly Candidate<S>[], none: number): Choice<S> {
  const inflight = candidates.filter((c) => c.inflight > 0);
  if (inflight.length === 1) {
    const [only] = inflight as [Candidate<S>];
    if (only.gap) {
      return {
        kind: 'none',
        code: only.gap.code,
        reason: `the session whose request is in flight cannot take it: ${only.gap.reason}`,
      };
    }
    return {
      kind: 'session',
      session: only.session,
      relatedRequestId: only.relatedRequestId,
      why: 'only-inflight',
    };
  }
  if (inflight.length > 1) {
    const best = latest(
      inflight.filter((c) => !c.gap),
      (c) => c.lastInflight,
    );
    if (best) {
      return {
        kind: 'session',
        session: best.session,
        relatedRequestId: best.relatedRequestId,
        why: 'latest-inflight',
      };
    }
    return {
      kind: 'none',
      code: inflight[0]?.gap?.code ?? none,
      reason: `none of the ${inflight.length} sessions with requests in flight can take it (${inflight[0]?.gap?.reason ?? ''})`,
    };
  }
  const best = latest(
    candidates.filter((c) => !c.gap && c.lastActive >= 0),
    (c) => c.lastActive,
  );
  if (best) {
    return {
      kind: 'session',
      session: best.session,
      relatedRequestId: undefined,
      why: 'latest-active',
    };
  }
  const gap = candidates.find((c) => c.gap)?.gap;
  return {
    kind: 'none',
    code: gap?.code ?? none,
    reason: gap
      ? `no active client session can take it (${gap.reason})`
      : 'no client session is active',
  };
}

function latest<T>(items: readonly T[], moment: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || moment(item) > moment(best)) best = item;
  return best;
}
