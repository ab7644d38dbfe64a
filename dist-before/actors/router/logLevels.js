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
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { admits, DEFAULT_LOGGING_LEVEL, isLoggingLevel, mostVerbose, } from '../../core/mcp/index.js';
export const levelOf = (session) => session.context.logLevel ?? DEFAULT_LOGGING_LEVEL;
/** Whether the session chose its level (`logging/setLevel`) rather than having the default. */
export const setItsLevel = (session) => session.context.logLevel !== undefined;
/**
 * The sessions a shared upstream's log message goes to: the one session with requests in
 * flight to the upstream (`inflight` holds each such session once) when no other caller
 * (`otherCallers`: session-less modern requests in flight there) could have caused it, else
 * the sessions that set a level. `deliver` then filters each by its level.
 */
export function logRecipients(inflight, sessions, otherCallers = 0) {
    if (inflight.length === 1 && otherCallers === 0)
        return [...inflight];
    return [...sessions].filter(setItsLevel);
}
export class LogLevels {
    #host;
    /** The level last asked of each upstream (set before the request goes out). */
    #asked = new Map();
    /** Per upstream, the chain of setLevel requests, so they arrive in order. */
    #tails = new Map();
    constructor(host) {
        this.#host = host;
    }
    /** The level the shared upstreams should send at: the most verbose any session wants. */
    wanted() {
        return mostVerbose([...this.#host.sessions()].map(levelOf)) ?? DEFAULT_LOGGING_LEVEL;
    }
    /** What was last asked of `upstream` (tests, `mcp-mux inspect`). */
    askedOf(upstream) {
        return this.#asked.get(upstream);
    }
    /**
     * Asks every logging upstream whose level differs from `wanted()`. Resolves when they have
     * answered; never rejects (a failure is logged, and retried at the next change).
     */
    sync() {
        const level = this.wanted();
        const sends = [];
        for (const upstream of this.#host.loggingUpstreams()) {
            if (this.#asked.get(upstream) === level)
                continue;
            this.#asked.set(upstream, level);
            const previous = this.#tails.get(upstream) ?? Promise.resolve();
            const step = previous.then(() => this.#host.send(upstream, level).then(() => undefined, (error) => {
                if (this.#asked.get(upstream) === level)
                    this.#asked.delete(upstream);
                // Unavailable (going down, shutting down): it is asked again once ready.
                const gone = error instanceof RpcError && error.code === ErrorCode.UpstreamUnavailable;
                const log = this.#host.log();
                (gone ? log.debug : log.warn).call(log, `upstream ${upstream}: logging/setLevel ${level} failed`, {
                    error: error instanceof Error ? error.message : String(error),
                });
            }));
            this.#tails.set(upstream, step);
            sends.push(step);
        }
        return Promise.all(sends).then(() => undefined);
    }
    /** A new connection knows no level yet; a lost one needs none. */
    upstreamState(upstream, state) {
        if (state === 'ready' || state === 'failed' || state === 'closed') {
            this.#asked.delete(upstream);
            this.#tails.delete(upstream);
        }
        if (state === 'ready')
            void this.sync();
    }
    /**
     * An upstream's `notifications/message`, to each of `sessions` whose level admits it. A
     * message with an unknown level is dropped (logged at debug).
     */
    deliver(upstream, params, sessions) {
        const level = params.level;
        if (!isLoggingLevel(level)) {
            this.#host
                .log()
                .debug(`upstream ${upstream}: dropped a log message with level ${String(level)}`);
            return 0;
        }
        const logger = typeof params.logger === 'string' ? `${upstream}/${params.logger}` : upstream;
        const out = { ...params, logger };
        let delivered = 0;
        for (const session of sessions) {
            if (!admits(levelOf(session), level))
                continue;
            session.notifyIfReady('notifications/message', out);
            delivered++;
        }
        return delivered;
    }
}
//# sourceMappingURL=logLevels.js.map