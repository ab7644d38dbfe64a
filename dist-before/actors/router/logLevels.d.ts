/**
 * Log levels per downstream session, and the level asked of each shared upstream.
 *
 * - A session's level lives in its request context (`logging/setLevel`); a session that never
 *   set one gets `DEFAULT_LOGGING_LEVEL` (`info`). One session's level never changes what
 *   another receives: each upstream message is filtered per session.
 * - A shared upstream is asked (`logging/setLevel`) for the most verbose level any connected
 *   session wants, and asked again only when that level changes (sessions set levels, come or
 *   go, or the upstream reconnects). Only upstreams that declared `logging` are asked.
 * - Messages reach the sessions with `logger` naming the upstream: `<upstream>` or
 *   `<upstream>/<the upstream's logger>`.
 * - Who receives a SHARED upstream's message (`logRecipients`): nothing on the wire
 *   says which client request caused it, so when exactly ONE session has requests in flight to
 *   that upstream, it goes to that session only (at its level, the default if it set none);
 *   otherwise (none, or several in flight) only to sessions that called `logging/setLevel`
 *   themselves, each at its level. A session that never set a level and has nothing in flight
 *   there never sees another client's logs. An isolated connection's messages go to its one
 *   session.
 */
import type { Logger } from '../../core/log/index.js';
import { type LoggingLevel } from '../../core/mcp/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import type { UpstreamState } from '../upstream/index.js';
/** What log routing needs of a downstream session. */
export interface LogSession {
    readonly context: {
        logLevel?: LoggingLevel;
    };
    notifyIfReady(method: string, params?: JsonObject): void;
}
export interface LogLevelsHost {
    /** Every connected session (their levels decide what the shared upstreams are asked). */
    sessions(): Iterable<LogSession>;
    /** Ready shared upstreams that declared the `logging` capability. */
    loggingUpstreams(): Iterable<string>;
    send(upstream: string, level: LoggingLevel): Promise<unknown>;
    log(): Logger;
}
export declare const levelOf: (session: LogSession) => LoggingLevel;
/** Whether the session chose its level (`logging/setLevel`) rather than having the default. */
export declare const setItsLevel: (session: LogSession) => boolean;
/**
 * The sessions a shared upstream's log message goes to: the one session with requests in
 * flight to the upstream (`inflight` holds each such session once) when no other caller
 * (`otherCallers`: session-less modern requests in flight there) could have caused it, else
 * the sessions that set a level. `deliver` then filters each by its level.
 */
export declare function logRecipients<S extends LogSession>(inflight: readonly S[], sessions: Iterable<S>, otherCallers?: number): S[];
export declare class LogLevels {
    #private;
    constructor(host: LogLevelsHost);
    /** The level the shared upstreams should send at: the most verbose any session wants. */
    wanted(): LoggingLevel;
    /** What was last asked of `upstream` (tests, `mcp-mux inspect`). */
    askedOf(upstream: string): LoggingLevel | undefined;
    /**
     * Asks every logging upstream whose level differs from `wanted()`. Resolves when they have
     * answered; never rejects (a failure is logged, and retried at the next change).
     */
    sync(): Promise<void>;
    /** A new connection knows no level yet; a lost one needs none. */
    upstreamState(upstream: string, state: UpstreamState): void;
    /**
     * An upstream's `notifications/message`, to each of `sessions` whose level admits it. A
     * message with an unknown level is dropped (logged at debug).
     */
    deliver(upstream: string, params: JsonObject, sessions: Iterable<LogSession>): number;
}
