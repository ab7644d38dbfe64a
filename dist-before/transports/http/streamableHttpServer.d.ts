/**
 * The Streamable HTTP endpoint (spec 2025-03-26 .. 2025-11-25, and stateless 2026-07-28
 * POSTs): sessions keyed by a random `Mcp-Session-Id`, one `Transport` per session on
 * `connections$`. It only reads message shapes; which message starts a session or needs none
 * is decided by hooks the router supplies (defaults in `core/sessionStart.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger } from '../../core/log/index.js';
import type { Transport } from '../../core/rpc/index.js';
import { type ModernHttpHooks } from './modernPost.js';
import { type Protection } from './protection.js';
export interface StreamableHttpOptions extends ModernHttpHooks {
    /** Whether a POST without a session id starts one (default: an `initialize` request). */
    isSessionStart?: (message: unknown) => boolean;
    /** Whether a POST without a session id is served on its own (default: modern-era messages). */
    isStateless?: (message: unknown) => boolean;
    /** Accepted `MCP-Protocol-Version` header values; other values get 400. */
    supportedProtocolVersions?: readonly string[];
    /** Answer POSTed requests with one `application/json` body, never an SSE stream. */
    preferJson?: boolean;
    /**
     * A POST's answer is held for one `application/json` body this long at most (default
     * 100 ms); a message related to it that is not a response, or this delay, starts an SSE
     * stream instead (priming event first, so the client can resume). 0: SSE at once.
     */
    streamAfterMs?: number;
    /** Events kept per session for `Last-Event-ID` replay (default 1000). */
    replayBufferEvents?: number;
    /** Bytes kept per session for replay (default 16 MiB). */
    replayBufferBytes?: number;
    /** Messages kept for the GET stream while none is connected (default 1000, oldest dropped). */
    maxPendingMessages?: number;
    /** Bytes a session may have waiting on its sockets before it is closed as a slow reader. */
    maxBufferedBytes?: number;
    /** Open sessions at most; more get 503 (default 10000). */
    maxSessions?: number;
    /**
     * Open sessions per principal (bearer token, else remote address) at most: past it the
     * principal's least recently active quiet session is closed to make room, or, when all are
     * busy, the new one gets 429 (default 100). One client cannot take every slot.
     */
    maxSessionsPerPrincipal?: number;
    /**
     * A session the client never used after the `initialize` that created it is closed after
     * this long (default 60 s), instead of `sessionIdleTimeoutMs`.
     */
    unconfirmedSessionTimeoutMs?: number;
    /**
     * A session with no open stream and no request for this long is closed (`local`), so
     * clients that vanish without DELETE do not pile up (default 30 min; 0: never).
     */
    sessionIdleTimeoutMs?: number;
    /** Deepest nesting accepted in a message (bodies are checked first by `Protection`). */
    maxJsonDepth?: number;
    log?: Logger;
}
/** How long a POST's answer may be held for one JSON body before it becomes a stream. */
export declare const DEFAULT_STREAM_AFTER_MS = 100;
export declare class StreamableHttpServer {
    #private;
    readonly connections$: import("rxjs").Observable<Transport>;
    constructor(options?: StreamableHttpOptions);
    /**
     * Closes idle sessions: unconfirmed ones after `unconfirmedMs`, the others after `idleMs`
     * (0: never). Runs on a timer; public so tests can run it at a chosen `now`.
     */
    sweep(now: number, idleMs: number, unconfirmedMs: number): void;
    /** Open sessions per limit key (principal or remote address), for stats and tests. */
    sessionsPerPrincipal(): Map<string, number>;
    get sessionCount(): number;
    /** Serves one request on the MCP endpoint (protection already passed). */
    handle(req: IncomingMessage, res: ServerResponse, protection: Protection): Promise<void>;
    close(): Promise<void>;
}
