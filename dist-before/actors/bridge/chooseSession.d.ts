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
    gap: {
        code: number;
        reason: string;
    } | undefined;
}
export type Choice<S> = {
    kind: 'session';
    session: S;
    relatedRequestId: JsonRpcId | undefined;
    why: 'only-inflight' | 'latest-inflight' | 'latest-active';
} | {
    kind: 'none';
    code: number;
    reason: string;
};
export declare function chooseSession<S>(candidates: readonly Candidate<S>[], none: number): Choice<S>;
