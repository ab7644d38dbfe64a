/**
 * Which downstream sessions use which upstreams: per (session, upstream) the routed requests
 * in flight and the moment of the last one. Server-initiated requests are routed with it
 * (actors/README.md, "Routing of server-initiated requests"), and a client's
 * `notifications/roots/list_changed` goes to the upstreams its session has used.
 *
 * Small and leak-free by construction: an in-flight mark is removed by the `end` function
 * `begin` returns (called from the request Observable's finalize), and a session's whole entry
 * is dropped when the session closes. "Moments" are a counter, not a clock: only their order
 * matters.
 */
import type { JsonRpcId } from '../../core/rpc/jsonrpc.js';

/** The part of a downstream session this table needs. */
export interface UsageSession {
  readonly closed: Promise<void>;
}

interface UpstreamUse {
  /** Start moment → downstream request id of each request in flight; insertion order = start order. */
  readonly inflight: Map<number, JsonRpcId | undefined>;
  /** Moment of the last request started (or roots change sent) toward this upstream. */
  last: number;
}

/** One session's standing toward one upstream, as the routing rule reads it. */
export interface UsageEntry<S> {
  session: S;
  /** Requests of this session in flight to the upstream. */
  inflight: number;
  /** Start moment of its most recent request in flight (-1 when none). */
  lastInflight: number;
  /** The downstream id of that request, when known. */
  relatedRequestId: JsonRpcId | undefined;
  /** Moment of its last activity toward any upstream (-1 when none). */
  lastActive: number;
}

export class SessionUsage<S extends UsageSession> {
  #moment = 0;
  readonly #sessions = new Map<S, Map<string, UpstreamUse>>();

  /** Marks a request of `session` to `upstream` in flight; the returned function ends it (idempotent). */
  begin(session: S, upstream: string, requestId: JsonRpcId | undefined): () => void {
    const use = this.#use(session, upstream);
    const moment = ++this.#moment;
    use.last = moment;
    use.inflight.set(moment, requestId);
    return () => {
      use.inflight.delete(moment);
    };
  }

  /**
   * A new moment of this table's clock, for requests tracked elsewhere (modern callers) whose
   * order must compare with the sessions' (router/modernCallers.ts).
   */
  tick(): number {
    return ++this.#moment;
  }

  /** Records activity of `session` toward `upstream` without a request (a roots change). */
  touch(session: S, upstream: string): void {
    this.#use(session, upstream).last = ++this.#moment;
  }

  /** The upstreams `session` has sent requests (or roots changes) to. */
  upstreamsOf(session: S): string[] {
    return [...(this.#sessions.get(session)?.keys() ?? [])];
  }

  /** Every session with recorded activity, with its standing toward `upstream`. */
  entries(upstream: string): UsageEntry<S>[] {
    const out: UsageEntry<S>[] = [];
    for (const [session, uses] of this.#sessions) {
      let lastActive = -1;
      for (const use of uses.values()) lastActive = Math.max(lastActive, use.last);
      const use = uses.get(upstream);
      let lastInflight = -1;
      let relatedRequestId: JsonRpcId | undefined;
      for (const [moment, id] of use?.inflight ?? []) {
        lastInflight = moment;
        relatedRequestId = id;
      }
      out.push({
        session,
        inflight: use?.inflight.size ?? 0,
        lastInflight,
        relatedRequestId,
        lastActive,
      });
    }
    return out;
  }

  /** The downstream id of `session`'s most recent request in flight to `upstream`. */
  relatedRequestId(session: S, upstream: string): JsonRpcId | undefined {
    let id: JsonRpcId | undefined;
    for (const value of this.#sessions.get(session)?.get(upstream)?.inflight.values() ?? []) {
      id = value;
    }
    return id;
  }

  /** Sessions tracked (leak tests expect it to fall back as sessions close). */
  get size(): number {
    return this.#sessions.size;
  }

  /** Requests marked in flight over all sessions and upstreams. */
  get inflight(): number {
    let n = 0;
    for (const uses of this.#sessions.values())
      for (const use of uses.values()) n += use.inflight.size;
    return n;
  }

  forget(session: S): void {
    this.#sessions.delete(session);
  }

  #use(session: S, upstream: string): UpstreamUse {
    let uses = this.#sessions.get(session);
    if (!uses) {
      uses = new Map();
      this.#sessions.set(session, uses);
      session.closed.then(
        () => this.forget(session),
        () => this.forget(session),
      );
    }
    let use = uses.get(upstream);
    if (!use) {
      use = { inflight: new Map(), last: -1 };
      uses.set(upstream, use);
    }
    return use;
  }
}
