/**
 * Which downstream sessions use which upstreams, as the routing rule of server-initiated
 * requests reads it (actors/README.md, "Routing of server-initiated requests"): per (session,
 * upstream) the routed requests in flight — read from the router's in-flight index, the one
 * record of each routed request (`InflightView`) — and the moment of the last activity (a
 * request started, or a roots change sent). A client's `notifications/roots/list_changed` goes
 * to the upstreams its session has used.
 *
 * Small and leak-free by construction: it holds no request (the index does), and a session's
 * activity entry is dropped when the session closes. "Moments" are a counter, not a clock: only
 * their order matters, and the index takes its moments from the same counter.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';

/** The part of a downstream session this table needs. */
export interface UsageSession {
  readonly closed: Promise<void>;
}

/** One routed request in flight, as the usage table reads it. */
export interface InflightUse<S> {
  readonly session: S | undefined;
  /** The downstream request id. */
  readonly id: JsonRpcId | undefined;
  /** When it started, on the moment counter. */
  readonly moment: number;
  /** Its method and, for `tools/call`, the upstream-side tool name (absent: unknown). */
  readonly method?: string;
  readonly tool?: string | undefined;
  /** Queued requests have not reached the upstream (absent: unknown). */
  readonly state?: string;
}

/** The routed requests in flight toward one upstream (the router's in-flight index). */
export interface InflightView<S> {
  toUpstream(upstream: string): Iterable<InflightUse<S>>;
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
  /** Session → upstream → moment of its last activity there. */
  readonly #sessions = new Map<S, Map<string, number>>();
  readonly #inflight: InflightView<S>;

  constructor(inflight: InflightView<S>) {
    this.#inflight = inflight;
  }

  /** A new moment (the in-flight index stamps each request with one). */
  tick(): number {
    return ++this.#moment;
  }

  /** Records activity of `session` toward `upstream` (a request started, a roots change). */
  touch(session: S, upstream: string): void {
    let uses = this.#sessions.get(session);
    if (uses === undefined) {
      uses = new Map();
      this.#sessions.set(session, uses);
      const forget = () => this.#sessions.delete(session);
      session.closed.then(forget, forget);
    }
    uses.set(upstream, ++this.#moment);
  }

  /** The upstreams `session` has sent requests (or roots changes) to. */
  upstreamsOf(session: S): string[] {
    return [...(this.#sessions.get(session)?.keys() ?? [])];
  }

  /** Every session with recorded activity, with its standing toward `upstream`. */
  entries(upstream: string): UsageEntry<S>[] {
    const latest = new Map<S, { count: number; moment: number; id: JsonRpcId | undefined }>();
    for (const use of this.#inflight.toUpstream(upstream)) {
      if (use.session === undefined) continue;
      const seen = latest.get(use.session);
      if (seen === undefined) latest.set(use.session, { count: 1, moment: use.moment, id: use.id });
      else {
        seen.count++;
        if (use.moment > seen.moment) {
          seen.moment = use.moment;
          seen.id = use.id;
        }
      }
    }
    const out: UsageEntry<S>[] = [];
    for (const [session, uses] of this.#sessions) {
      let lastActive = -1;
      for (const moment of uses.values()) lastActive = Math.max(lastActive, moment);
      const inflight = latest.get(session);
      out.push({
        session,
        inflight: inflight?.count ?? 0,
        lastInflight: inflight?.moment ?? -1,
        relatedRequestId: inflight?.id,
        lastActive,
      });
    }
    return out;
  }

  /** The downstream id of `session`'s most recent request in flight to `upstream`. */
  relatedRequestId(session: S, upstream: string): JsonRpcId | undefined {
    let moment = -1;
    let id: JsonRpcId | undefined;
    for (const use of this.#inflight.toUpstream(upstream)) {
      if (use.session === session && use.moment > moment) {
        moment = use.moment;
        id = use.id;
      }
    }
    return id;
  }

  /**
   * The one tool whose calls are the only requests in flight toward `upstream` that can cause
   * a server request (`causes`: tools/call, prompts/get, resources/read; sent, not queued) —
   * of `session` only when given (an isolated connection); undefined when there is none or
   * more than one candidate: a server request is then not attributed to any tool.
   */
  onlyToolInFlight(upstream: string, causes: ReadonlySet<string>, session?: S): string | undefined {
    let tool: string | undefined;
    for (const use of this.#inflight.toUpstream(upstream)) {
      if (session !== undefined && use.session !== session) continue;
      if (use.method === undefined || !causes.has(use.method) || use.state === 'queued') continue;
      if (use.tool === undefined || (tool !== undefined && tool !== use.tool)) return undefined;
      tool = use.tool;
    }
    return tool;
  }

  /** Sessions tracked (leak tests expect it to fall back as sessions close). */
  get size(): number {
    return this.#sessions.size;
  }
}
