/**
 * Era-matched connections: an upstream that speaks both eras (every server on the v2 SDK, by
 * default) is spoken to in each client's own era. Its supervised connection probed modern and
 * serves session-less (2026-07-28) callers; a second, legacy connection (`initialize`) serves
 * the legacy sessions, so they get what the upstream's legacy path offers: pushed
 * `sampling/createMessage`, `elicitation/create` and `roots/list`, `resources/subscribe`,
 * `logging/setLevel`.
 *
 * Why a second connection: a v2 stdio server pins ONE era per stream (serveStdio: after
 * `server/discover` and a modern request, a legacy `initialize` is refused), so stdio needs a
 * second process. Over Streamable HTTP the legacy connection is kept only when its
 * `initialize` answer opened a session (`Mcp-Session-Id`): the v2 SDK's HTTP entry
 * (`createMcpHandler`) serves legacy requests statelessly by default, one fresh instance per
 * POST, where a pushed request can never be answered, so a session-less legacy connection
 * would lose what bridging gives; it is closed and legacy sessions stay bridged
 * (actors/upstream/README.md, "Era-matched connections").
 *
 * Life: opened when the modern connection gets ready (protocol `auto`, shared, stdio or
 * Streamable HTTP),
 * with `protocol: "legacy"`; `settle` resolves when it is ready or has failed (start-up waits
 * for it, so a legacy client's first call is never bridged by accident). A first attempt that
 * fails means the upstream is modern-only: nothing is retried until the modern connection
 * reconnects, and legacy sessions are bridged as before. Once ready it is supervised (backoff,
 * keepalive) and closed when the modern connection goes down (a restart is maybe a new
 * process: the next ready opens a new one).
 */
import type { UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
import { Upstream, type UpstreamState } from './upstream.js';
import type { SupervisorClock } from './upstreamSupervisor.js';

export interface LegacyConnectionsOptions {
  /** Opens a connection to `config`'s upstream (the same handlers as the modern one's). */
  open: (config: UpstreamConfig, signal: AbortSignal) => Promise<Connection>;
  clientInfo: ClientInfo;
  /** What `initialize` declares (the router's own, as for any shared legacy connection). */
  capabilities: JsonObject;
  initializeTimeoutMs: number;
  clock: SupervisorClock;
  log: Logger;
}

interface Entry {
  /** The modern connection it belongs to (a restarted one gets a new entry). */
  modern: Upstream;
  legacy: Upstream;
  everReady: boolean;
  settled: Promise<void>;
}

/** Whether `upstream`, ready and modern, gets a legacy connection beside it (file comment). */
export function wantsLegacyConnection(upstream: Upstream): boolean {
  const { config } = upstream;
  return (
    upstream.era === 'modern' &&
    (config.protocol ?? 'auto') === 'auto' &&
    (config.transport === 'stdio' || config.transport === 'streamable-http') &&
    config.sessionMode !== 'isolated'
  );
}

export class LegacyConnections {
  readonly #options: LegacyConnectionsOptions;
  readonly #entries = new Map<string, Entry>();

  constructor(options: LegacyConnectionsOptions) {
    this.#options = options;
  }

  /**
   * Follows `modern`'s state: opens its legacy connection when it gets ready (if it is dual-era
   * material), closes it when it goes down. Resolves when the legacy side has settled.
   */
  follow(modern: Upstream, state: UpstreamState): Promise<void> {
    const entry = this.#entries.get(modern.name);
    if (state !== 'ready') {
      if (state === 'connecting' || state === 'failed' || state === 'closed') {
        void this.close(modern.name);
      }
      return Promise.resolve();
    }
    if (entry?.modern === modern && entry.legacy.state !== 'closed') return entry.settled;
    if (entry) void this.close(modern.name);
    if (!wantsLegacyConnection(modern)) return Promise.resolve();
    return this.#start(modern).settled;
  }

  /** Open legacy connections (ready or not). */
  get size(): number {
    return this.#entries.size;
  }

  /** Closes `name`'s legacy connection, if any. */
  async close(name: string, reason?: string): Promise<void> {
    const entry = this.#entries.get(name);
    if (!entry) return;
    this.#entries.delete(name);
    if (entry.modern.legacy === entry.legacy) entry.modern.legacy = undefined;
    await entry.legacy.close(reason);
  }

  async closeAll(reason?: string): Promise<void> {
    await Promise.allSettled([...this.#entries.keys()].map((name) => this.close(name, reason)));
  }

  #start(modern: Upstream): Entry {
    const { log } = this.#options;
    const name = modern.name;
    let settle: () => void = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const entry: Entry = {
      modern,
      everReady: false,
      settled,
      legacy: new Upstream({
        config: { ...modern.config, protocol: 'legacy' },
        open: this.#options.open,
        clientInfo: this.#options.clientInfo,
        capabilities: this.#options.capabilities,
        initializeTimeoutMs: this.#options.initializeTimeoutMs,
        supervised: true,
        clock: this.#options.clock,
        log,
        onState: (legacy, state) => this.#onState(entry, legacy, state, settle),
      }),
    };
    this.#entries.set(name, entry);
    log.debug(`upstream ${name}: opening a legacy connection for legacy clients`);
    entry.legacy.start();
    return entry;
  }

  #onState(entry: Entry, legacy: Upstream, state: UpstreamState, settle: () => void): void {
    const { log } = this.#options;
    const name = legacy.name;
    const current = this.#entries.get(name) === entry;
    if (state === 'ready') {
      if (!current) return;
      if (legacy.config.transport !== 'stdio' && legacy.connection?.sessionId === undefined) {
        // Stateless legacy serving (no session): pushed requests could never be answered.
        log.info(
          `upstream ${name}: serves legacy requests without a session; legacy clients are bridged`,
          { upstream: name },
        );
        this.#entries.delete(name);
        void legacy.close();
        settle();
        return;
      }
      entry.everReady = true;
      entry.modern.legacy = legacy;
      log.info(
        `upstream ${name}: dual-era — legacy clients over ${legacy.server?.protocolVersion ?? 'legacy'}, 2026-07-28 clients over ${entry.modern.server?.protocolVersion ?? 'modern'}`,
        { upstream: name },
      );
      settle();
      return;
    }
    if (entry.modern.legacy === legacy) entry.modern.legacy = undefined;
    if (state !== 'failed' && state !== 'closed') return;
    if (!entry.everReady && current) {
      // Never ready: a modern-only server. Its legacy sessions stay bridged (actors/bridge/).
      log.info(
        `upstream ${name}: serves 2026-07-28 only (legacy initialize: ${legacy.error ?? state}); legacy clients are bridged`,
        { upstream: name },
      );
      this.#entries.delete(name);
      void legacy.close();
    }
    settle();
  }
}
