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
/** Whether `upstream`, ready and modern, gets a legacy connection beside it (file comment). */
export declare function wantsLegacyConnection(upstream: Upstream): boolean;
export declare class LegacyConnections {
    #private;
    constructor(options: LegacyConnectionsOptions);
    /**
     * Follows `modern`'s state: opens its legacy connection when it gets ready (if it is dual-era
     * material), closes it when it goes down. Resolves when the legacy side has settled.
     */
    follow(modern: Upstream, state: UpstreamState): Promise<void>;
    /** Open legacy connections (ready or not). */
    get size(): number;
    /** Closes `name`'s legacy connection, if any. */
    close(name: string, reason?: string): Promise<void>;
    closeAll(reason?: string): Promise<void>;
}
