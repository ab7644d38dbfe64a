/**
 * Isolated upstreams (`sessionMode: "isolated"`): one upstream connection per downstream
 * session, opened on the session's first request to that upstream and closed when the session
 * closes. Each connection declares EXACTLY the session's client capabilities and clientInfo,
 * so the upstream sees the real client, and its server-initiated requests go to that session
 * alone (the router pins them through `open`).
 *
 * The catalog of an isolated upstream comes from the router's ordinary connection to it,
 * opened at start-up with the router's own capabilities and kept open (actors/README.md,
 * "Isolated upstreams"); that connection serves no client request.
 */
import { defer, from, type Observable, switchMap } from 'rxjs';
import type { UpstreamConfig } from '../../core/config/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/index.js';
import { isLegacyVersion } from '../../core/mcp/index.js';
import type { Connection, JsonObject, RequestEvent } from '../../core/rpc/index.js';
import { Upstream, type UpstreamRequestOptions } from './upstream.js';

/**
 * What isolated connections need of a downstream session (declared here, so actors/upstream
 * does not import actors/downstream; `DownstreamSession` is one).
 */
export interface IsolatedSession {
  readonly id: string;
  /** True once closed: no connection is opened for it any more. */
  readonly isClosed: boolean;
  /** Resolves when the session has closed: its isolated connections close then. */
  readonly closed: Promise<void>;
  readonly context: RequestContext;
}

export interface IsolatedUpstreamsOptions<S extends IsolatedSession = IsolatedSession> {
  /** Opens a connection whose server-initiated requests go to `session`. */
  open: (config: UpstreamConfig, signal: AbortSignal, session: S) => Promise<Connection>;
  /** clientInfo for a session whose `initialize` carried none. */
  fallbackClientInfo: ClientInfo;
  initializeTimeoutMs: number;
  log: Logger;
}

interface Isolated {
  upstream: Upstream;
  /** Resolves when the connection is ready; rejects with the upstream's error if it fails first. */
  ready: Promise<void>;
}

export class IsolatedUpstreams<S extends IsolatedSession = IsolatedSession> {
  readonly #options: IsolatedUpstreamsOptions<S>;
  readonly #sessions = new Map<S, Map<string, Isolated>>();
  #closed = false;

  constructor(options: IsolatedUpstreamsOptions<S>) {
    this.#options = options;
  }

  /** A request on `session`'s own connection to `config`'s upstream, opened on first use. */
  request$(
    config: UpstreamConfig,
    session: S,
    method: string,
    params: JsonObject,
    options: UpstreamRequestOptions,
  ): Observable<RequestEvent> {
    return defer(() => {
      const isolated = this.#isolatedFor(config, session);
      return from(isolated.ready).pipe(
        switchMap(() => isolated.upstream.request$(method, params, options)),
      );
    });
  }

  /**
   * Opens `session`'s connection to `config`'s upstream now, if it has none yet: done when the
   * session has initialized, so the upstream's first `roots/list` (sent at its start) reaches
   * that client instead of arriving before any client exists.
   */
  open(config: UpstreamConfig, session: S): void {
    if (this.#closed || session.isClosed) return;
    this.#isolatedFor(config, session);
  }

  /** `session`'s ready connection to upstream `name`, if it has one. */
  connection(session: S, name: string): Connection | undefined {
    return this.#sessions.get(session)?.get(name)?.upstream.connection;
  }

  /** The isolated upstreams `session` has a connection to. */
  upstreamsOf(session: S): string[] {
    return [...(this.#sessions.get(session)?.keys() ?? [])];
  }

  /** Open (or opening) isolated connections, over all sessions. */
  get size(): number {
    let n = 0;
    for (const upstreams of this.#sessions.values()) n += upstreams.size;
    return n;
  }

  async closeSession(session: S): Promise<void> {
    const upstreams = this.#sessions.get(session);
    this.#sessions.delete(session);
    if (!upstreams) return;
    await Promise.allSettled([...upstreams.values()].map((i) => i.upstream.close()));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#sessions.keys()].map((s) => this.closeSession(s)));
  }

  #isolatedFor(config: UpstreamConfig, session: S): Isolated {
    if (this.#closed || session.isClosed) {
      throw new RpcError(
        ErrorCode.UpstreamUnavailable,
        `Upstream "${config.name}" is isolated and session ${session.id} is closed`,
        { upstream: config.name },
      );
    }
    let upstreams = this.#sessions.get(session);
    if (!upstreams) {
      upstreams = new Map();
      this.#sessions.set(session, upstreams);
      void session.closed.then(() => this.closeSession(session));
    }
    const existing = upstreams.get(config.name);
    if (existing) return existing;
    const isolated = this.#start(config, session, upstreams);
    upstreams.set(config.name, isolated);
    return isolated;
  }

  #start(config: UpstreamConfig, session: S, upstreams: Map<string, Isolated>): Isolated {
    const { context } = session;
    const log = this.#options.log;
    let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
    const ready = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // A failed start must not be an unhandled rejection when nobody awaits it any more.
    ready.catch(() => {});
    const upstream: Upstream = new Upstream({
      config,
      open: (cfg, signal) => this.#options.open(cfg, signal, session),
      clientInfo: context.clientInfo ?? this.#options.fallbackClientInfo,
      capabilities: context.clientCapabilities,
      ...(isLegacyVersion(context.protocolVersion)
        ? { protocolVersion: context.protocolVersion }
        : {}),
      initializeTimeoutMs: this.#options.initializeTimeoutMs,
      onState: (u, state) => {
        if (state === 'ready') {
          log.debug(`upstream ${config.name}: isolated connection for session ${session.id} ready`);
          settle?.resolve();
        } else if (state === 'failed' || state === 'closed') {
          settle?.reject(u.unavailable());
          // A dead connection is forgotten: the session's next request opens a fresh one.
          if (upstreams.get(config.name)?.upstream === u) upstreams.delete(config.name);
          if (state === 'failed') {
            log.warn(
              `upstream ${config.name}: isolated connection for session ${session.id} failed — ${u.error ?? 'unknown error'}`,
            );
          }
        }
      },
    });
    log.debug(`upstream ${config.name}: opening an isolated connection for session ${session.id}`);
    upstream.start();
    return { upstream, ready };
  }
}
