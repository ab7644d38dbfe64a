/**
 * The hooks the router calls so that metrics and traces can watch it (core/observe/README.md).
 * The router holds at most ONE `RouterObserver`; without one it makes no call and allocates
 * nothing for observation, so an unobserved router pays a single `undefined` check per request.
 */
import type { JsonObject } from '../rpc/index.js';

/** How a routed request ended (the `outcome` label). */
export type Outcome =
  | 'ok'
  | 'error'
  | 'timeout'
  | 'cancelled'
  | 'overloaded'
  | 'unavailable'
  | 'failed'
  /** The user declined to approve the call (`approve`): it never reached the upstream. */
  | 'declined';

/**
 * How a call that needed the user's approval went (actors/routes/approval.ts): `accepted`
 * (asked now), `remembered` (accepted earlier in the session), `fallback` (the client cannot
 * be asked and `approveFallback` is `allow`), `declined` (declined, cancelled, or cannot be
 * asked and the fallback is to refuse).
 */
export type ApprovalDecision = 'accepted' | 'remembered' | 'fallback' | 'declined';

/**
 * What an observer may read of the caller of a routed request (the router's `Caller`, passed
 * as it is: nothing is allocated for it).
 */
export interface ObservedCaller {
  readonly context: { readonly sessionId?: string; readonly principal?: string | undefined };
  /** The profile the client is in (`/mcp/<name>`, `--profile`); undefined: the whole router. */
  readonly profile?: string | undefined;
  /** Set only on calls that needed approval. */
  readonly approval?: ApprovalDecision | undefined;
}

/** One routed request being watched: created when it is routed, ended exactly once. */
export interface RequestObservation {
  /**
   * The params to send upstream: the caller's, with `_meta.traceparent`/`tracestate` of the
   * router's span when a trace is active (the caller's object is never modified).
   */
  readonly params: JsonObject;
  /**
   * The upstream's queue admitted it (it may still wait for a slot): `ticket.waitedMs` is read
   * when it ends (the queue's own measure of its wait).
   */
  admitted(ticket: { readonly waitedMs?: number }): void;
  /** It was written to the upstream's connection (its queue wait is over). */
  sent(): void;
  /**
   * The upstream's answer arrived (a result or an error); before `end`. `result`: the result
   * as it goes back (raw text or a value; the audit measures its size).
   */
  answered(result?: JsonObject): void;
  /** It ended: `error` is what failed it, if anything. Idempotent. */
  end(outcome: Outcome, error?: unknown): void;
}

export interface RouterObserver {
  /**
   * A request is routed to `upstream`. `name`: the tool/prompt name or resource URI the
   * upstream sees (it goes into spans; metric labels only for tracked tools).
   */
  request(
    upstream: string,
    method: string,
    name: string | undefined,
    params: JsonObject,
    caller?: ObservedCaller,
  ): RequestObservation;
  /** A `tools/call` to `upstream` was refused by `mcpMux.rateLimits[rule]` (never sent). */
  rateLimited?(upstream: string, rule: number): void;
  /** A call that needed the user's approval was decided (counted by the metrics). */
  approval?(upstream: string, decision: ApprovalDecision): void;
  /** A downstream session opened on `transport` (`stdio`, `http`, `sse`, `ws`, …). */
  sessionOpened(session: ObservedSession, transport: string): void;
  /** It closed; `reason` is its transport's close reason kind (`slow-reader`, `remote`, …). */
  sessionClosed(session: ObservedSession, reason: string): void;
}

/** What the metrics read of a downstream session: its negotiated version ('' until then). */
export interface ObservedSession {
  readonly context: { readonly protocolVersion: string };
}
