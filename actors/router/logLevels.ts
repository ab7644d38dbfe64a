/**
 * Log levels per downstream session, and the level asked of each shared upstream.
 *
 * - A session's level lives in its request context (`logging/setLevel`); a session that never
 *   set one gets `DEFAULT_LOGGING_LEVEL` (`info`). One session's level never changes what
 *   another receives: each upstream message is filtered per session.
 * - A shared upstream is asked (`logging/setLevel`) for the most verbose level any connected
 *   session wants, and asked again only when that level changes (sessions set levels, come or
 *   go, or the upstream reconnects). Only upstreams that declared `logging` are asked. The
 *   sessions are counted per level as they open, set a level and close (`opened`, `levelSet`,
 *   `closed`): a stateless 2026-07-28 request opens and closes a session, and a scan of every
 *   session on each would cost it time in proportion to everyone else's sessions.
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
import type { Logger } from '../../core/log/index.js';
import {
  admits,
  DEFAULT_LOGGING_LEVEL,
  isLoggingLevel,
  type LoggingLevel,
  mostVerbose,
} from '../../core/mcp/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import type { UpstreamState } from '../upstream/index.js';

/** What log routing needs of a downstream session. */
export interface LogSession {
  readonly context: { logLevel?: LoggingLevel };
  notifyIfReady(method: string, params?: JsonObject): void;
}

/** What the level count needs of a session: its level, if it set one. */
export interface LevelHolder {
  readonly context: { logLevel?: LoggingLevel };
}

export interface LogLevelsHost {
  /** Ready shared upstreams that declared the `logging` capability. */
  loggingUpstreams(): Iterable<string>;
  send(upstream: string, level: LoggingLevel): Promise<unknown>;
  log(): Logger;
}

export const levelOf = (session: LevelHolder): LoggingLevel =>
  session.context.logLevel ?? DEFAULT_LOGGING_LEVEL;

/** Whether the session chose its level (`logging/setLevel`) rather than having the default. */
export const setItsLevel = (session: LevelHolder): boolean =>
  session.context.logLevel !== undefined;

/**
 * The sessions a shared upstream's log message goes to: the one session with requests in
 * flight to the upstream (`inflight` holds each such session once) when no other caller
 * (`otherCallers`: session-less modern requests in flight there) could have caused it, else
 * the sessions that set a level. `deliver` then filters each by its level.
 */
export function logRecipients<S extends LogSession>(
  inflight: readonly S[],
  sessions: Iterable<S>,
  otherCallers = 0,
): S[] {
  if (inflight.length === 1 && otherCallers === 0) return [...inflight];
  return [...sessions].filter(setItsLevel);
}

const SETTLED: Promise<void> = Promise.resolve();

export class LogLevels {
  readonly #host: LogLevelsHost;
  /** The level last asked of each upstream (set before the request goes out). */
  readonly #asked = new Map<string, LoggingLevel>();
  /**
   * The level every logging upstream has been asked, while no upstream changed state and no
   * request failed since: a session opening or closing without changing `wanted()` (every
   * stateless request is one) then costs no walk of the upstreams.
   */
  #settled: LoggingLevel | undefined;
  /** Per upstream, the chain of setLevel requests, so they arrive in order. */
  readonly #tails = new Map<string, Promise<void>>();
  /** Connected sessions per level they want, and the level each was counted with. */
  readonly #wanting = new Map<LoggingLevel, number>();
  readonly #counted = new Map<LevelHolder, LoggingLevel>();

  constructor(host: LogLevelsHost) {
    this.#host = host;
  }

  /** The level the shared upstreams should send at: the most verbose any session wants. */
  wanted(): LoggingLevel {
    return mostVerbose(this.#wanting.keys()) ?? DEFAULT_LOGGING_LEVEL;
  }

  /** A session connected: its level (the default if it set none) counts from now on. */
  opened(session: LevelHolder): Promise<void> {
    this.#count(session);
    return this.sync();
  }

  /** A session set its level (`logging/setLevel`). */
  levelSet(session: LevelHolder): Promise<void> {
    this.#count(session);
    return this.sync();
  }

  /** A session left. */
  closed(session: LevelHolder): Promise<void> {
    this.#uncount(session);
    return this.sync();
  }

  #count(session: LevelHolder): void {
    this.#uncount(session);
    const level = levelOf(session);
    this.#counted.set(session, level);
    this.#wanting.set(level, (this.#wanting.get(level) ?? 0) + 1);
  }

  #uncount(session: LevelHolder): void {
    const level = this.#counted.get(session);
    if (level === undefined) return;
    this.#counted.delete(session);
    const left = (this.#wanting.get(level) ?? 1) - 1;
    if (left > 0) this.#wanting.set(level, left);
    else this.#wanting.delete(level);
  }

  /** What was last asked of `upstream` (tests, `mcp-mux inspect`). */
  askedOf(upstream: string): LoggingLevel | undefined {
    return this.#asked.get(upstream);
  }

  /**
   * Asks every logging upstream whose level differs from `wanted()`. Resolves when they have
   * answered; never rejects (a failure is logged, and retried at the next change).
   */
  sync(): Promise<void> {
    const level = this.wanted();
    if (level === this.#settled) return SETTLED;
    this.#settled = level;
    const sends: Promise<void>[] = [];
    for (const upstream of this.#host.loggingUpstreams()) {
      if (this.#asked.get(upstream) === level) continue;
      this.#asked.set(upstream, level);
      const previous = this.#tails.get(upstream) ?? Promise.resolve();
      const step = previous.then(() =>
        this.#host.send(upstream, level).then(
          () => undefined,
          (error: unknown) => {
            if (this.#asked.get(upstream) === level) this.#asked.delete(upstream);
            this.#settled = undefined;
            // Unavailable (going down, shutting down): it is asked again once ready.
            const gone = error instanceof RpcError && error.code === ErrorCode.UpstreamUnavailable;
            const log = this.#host.log();
            (gone ? log.debug : log.warn).call(
              log,
              `upstream ${upstream}: logging/setLevel ${level} failed`,
              {
                error: error instanceof Error ? error.message : String(error),
              },
            );
          },
        ),
      );
      this.#tails.set(upstream, step);
      sends.push(step);
    }
    return Promise.all(sends).then(() => undefined);
  }

  /** A new connection knows no level yet; a lost one needs none. */
  upstreamState(upstream: string, state: UpstreamState): void {
    this.#settled = undefined;
    if (state === 'ready' || state === 'failed' || state === 'closed') {
      this.#asked.delete(upstream);
      this.#tails.delete(upstream);
    }
    if (state === 'ready') void this.sync();
  }

  /**
   * An upstream's `notifications/message`, to each of `sessions` whose level admits it. A
   * message with an unknown level is dropped (logged at debug).
   */
  deliver(upstream: string, params: JsonObject, sessions: Iterable<LogSession>): number {
    const level = params.level;
    if (!isLoggingLevel(level)) {
      this.#host
        .log()
        .debug(`upstream ${upstream}: dropped a log message with level ${String(level)}`);
      return 0;
    }
    const logger = typeof params.logger === 'string' ? `${upstream}/${params.logger}` : upstream;
    const out: JsonObject = { ...params, logger };
    let delivered = 0;
    for (const session of sessions) {
      if (!admits(levelOf(session), level)) continue;
      session.notifyIfReady('notifications/message', out);
      delivered++;
    }
    return delivered;
  }
}
