/**
 * Runs the supervisor machine (`supervisor.ts`) for one `Upstream`: the machine invokes each
 * attempt's session machine as its child; this class provides the keepalive ping (over the
 * attempt's connection; `server/discover` for a modern upstream), closes a retired attempt's connection, follows the current
 * attempt's snapshots and logs the health changes.
 *
 * Contracts:
 * - Only the CURRENT attempt's session states reach `onSessionState` (a retired child is
 *   stopped by XState and reports nothing more).
 * - A keepalive failure fails the session (`FAIL`, so its state is `failed` with the keepalive
 *   reason as its error, and its in-flight requests fail at once); STOP and RESTART stop the
 *   child and close its connection. `stop()` resolves once the last attempt's connection is
 *   closed.
 */
import { lastValueFrom } from 'rxjs';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { KeepalivePolicy, RestartPolicy } from '../../core/config/index.js';
import { LocalError, RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import type { Connection } from '../../core/rpc/index.js';
import type { Random } from './backoff.js';
import { realClock, type UpstreamClock } from './clock.js';
import { modernKeepalive } from './handshake.js';
import { type SupervisorStatus, supervisorMachine, supervisorStatus } from './supervisor.js';
import { isLocalAnswer } from './upstreamErrors.js';
import type {
  UpstreamServerInfo,
  UpstreamSessionInput,
  UpstreamSessionOutput,
  UpstreamSessionSnapshot,
  upstreamSessionMachine,
} from './upstreamSession.js';

export type SessionActor = Actor<typeof upstreamSessionMachine>;

/** What the owner reads of the current (or last) attempt's session. */
export interface SessionView {
  value: SessionStateValue;
  error: string | undefined;
  server: UpstreamServerInfo | undefined;
  connection: Connection | undefined;
}

/** XState's clock plus the time it reads (`SimulatedClock` is one). */
export type SupervisorClock = UpstreamClock;
export type SessionStateValue = UpstreamSessionSnapshot['value'];

export interface UpstreamSupervisorOptions {
  name: string;
  restart: RestartPolicy;
  keepalive: KeepalivePolicy;
  /** The input of each attempt's session machine. */
  session: UpstreamSessionInput;
  onSessionState: (state: SessionStateValue) => void;
  onStatus?: (status: SupervisorStatus) => void;
  log: Logger;
  /** Log restarts and health (off for single-attempt upstreams). */
  verbose: boolean;
  clock?: SupervisorClock;
  random?: Random;
}

export class UpstreamSupervisor {
  readonly #options: UpstreamSupervisorOptions;
  readonly #actor: Actor<typeof supervisorMachine>;
  /** The current (or last) attempt's session, as of its latest snapshot or its output. */
  #session: SessionView | undefined;
  /** Resolves when the retired attempts have closed their connections. */
  #retired: Promise<void>[] = [];
  #last: SupervisorStatus | undefined;
  /** Why the current attempt is being failed (readable while the session processes FAIL). */
  #failing: string | undefined;

  constructor(options: UpstreamSupervisorOptions) {
    this.#options = options;
    const clock = options.clock ?? realClock;
    const machine = supervisorMachine.provide({
      actors: {
        ping: fromPromise<void, { attempt: number }>(({ signal }) => this.#ping(signal)),
      },
      actions: {
        sessionStarted: () => {
          this.#session = undefined;
          this.#failing = undefined;
          this.#options.onSessionState('connecting');
        },
        sessionChanged: (_, snapshot) => this.#onSession(snapshot),
        sessionEnded: (_, output) => this.#onSessionEnd(output),
        retireSession: () => this.#retire(),
        failingSession: (_, reason) => {
          this.#failing = reason;
        },
      },
    });
    this.#actor = createActor(machine, {
      clock,
      input: {
        name: options.name,
        restart: options.restart,
        keepalive: options.keepalive,
        now: () => clock.now(),
        session: options.session,
        ...(options.random ? { random: options.random } : {}),
      },
    });
    this.#actor.subscribe((snapshot) => this.#onSnapshot(supervisorStatus(snapshot)));
  }

  start(): void {
    this.#actor.start();
  }

  /** The current (or last) attempt's session (undefined before its first snapshot). */
  get session(): SessionView | undefined {
    return this.#session;
  }

  /**
   * Why the current attempt was failed by the supervisor (keepalive), if it was. Set before
   * the session is told, so requests failed by its close can name it.
   */
  get failing(): string | undefined {
    return this.#failing;
  }

  get status(): SupervisorStatus {
    return supervisorStatus(this.#actor.getSnapshot());
  }

  /** Restarts now, with the backoff reset (a given-up upstream comes back). */
  restart(reason: string): void {
    this.#actor.send({ type: 'RESTART', reason });
  }

  /** Stops supervising and closes the current attempt; resolves once its connection is closed. */
  async stop(): Promise<void> {
    this.#actor.send({ type: 'STOP' });
    this.#actor.stop();
    await Promise.allSettled(this.#retired);
  }

  /** A snapshot of the current child session (XState stops a retired one: it sends none). */
  #onSession(snapshot: UpstreamSessionSnapshot): void {
    const previous = this.#session;
    const { error, server, connection } = snapshot.context;
    this.#session = { value: snapshot.value, error, server, connection };
    if (previous?.value !== snapshot.value) this.#options.onSessionState(snapshot.value);
  }

  /** XState reports a child's final state as its output, not as a snapshot. */
  #onSessionEnd(output: UpstreamSessionOutput): void {
    const previous = this.#session;
    this.#session = { value: output.state, ...output };
    if (previous?.value !== output.state) this.#options.onSessionState(output.state);
  }

  /** The supervisor left `running`: the stopped child's connection is closed here. */
  #retire(): void {
    const connection = this.#session?.connection;
    if (!connection || connection.isClosed) return;
    const closed = connection.close().catch(() => {});
    this.#retired.push(closed);
    void closed.then(() => {
      this.#retired = this.#retired.filter((p) => p !== closed);
    });
  }

  /**
   * Any answer from the upstream (even a JSON-RPC error) means it is alive. The ONE request
   * that bypasses `Upstream.request$` and its queue: a ping waiting behind a full queue would
   * prove nothing and fail a busy but healthy upstream (its timeout is the keepalive state's).
   */
  async #ping(signal: AbortSignal): Promise<void> {
    const connection = this.#session?.connection;
    if (!connection || connection.isClosed) throw new Error('not connected');
    const server = this.#session?.server;
    // 2026-07-28 has no `ping`: a modern upstream is asked `server/discover` (handshake.ts).
    const [method, params, headers] =
      server?.era === 'modern' ? modernKeepalive(this.#options.session, server) : ['ping', {}];
    try {
      await lastValueFrom(
        connection.request$(method, params, headers ? { signal, headers } : { signal }),
        { defaultValue: undefined },
      );
    } catch (error) {
      if (error instanceof RpcError && !isLocalAnswer(error)) return;
      // An answer that is not a valid response is still an answer: the upstream is alive.
      if (error instanceof LocalError && error.code === 'invalid-response') return;
      throw error;
    }
  }

  #onSnapshot(status: SupervisorStatus): void {
    const previous = this.#last;
    this.#last = status;
    if (previous && previous.phase === status.phase && previous.health === status.health) return;
    this.#options.onStatus?.(status);
    if (!this.#options.verbose) return;
    const { log, name } = this.#options;
    if (status.phase === 'backoff') {
      log.warn(
        `upstream ${name}: down — restart ${status.restarts} in ${status.delayMs}ms (${status.lastError ?? 'failed'})`,
      );
    } else if (status.phase === 'gaveUp') {
      log.error(
        `upstream ${name}: down — gave up after ${status.restarts} restarts in a row; it stays down until the config is reloaded (${status.lastError ?? 'failed'})`,
      );
    } else if (previous && status.phase === 'up' && previous.health !== status.health) {
      const why =
        status.health === 'degraded'
          ? status.keepaliveFailures > 0
            ? ` (keepalive: ${status.keepaliveFailures}/${this.#options.keepalive.failureThreshold} pings failed)`
            : ` (restarted ${status.restarts} time${status.restarts === 1 ? '' : 's'} recently)`
          : '';
      log.info(`upstream ${name}: health ${previous.health} → ${status.health}${why}`);
    }
  }
}
