/**
 * Runs the supervisor machine (`supervisor.ts`) for one `Upstream`: each attempt is a fresh
 * `upstreamSession` actor, the keepalive ping goes over the attempt's connection, and the
 * health changes are logged.
 *
 * Contracts:
 * - Only the CURRENT attempt's session states reach `onSessionState`; a retired attempt that
 *   is still closing never overwrites a newer one.
 * - A keepalive failure fails the session (`FAIL`, so its state is `failed` with the keepalive
 *   reason as its error, and its in-flight requests fail at once); STOP and RESTART close it
 *   in order (`CLOSE`). `stop()` resolves once the last attempt's connection is closed.
 */
import { lastValueFrom } from 'rxjs';
import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type Subscription,
} from 'xstate';
import { RpcError } from '../core/errors.js';
import type { Logger } from '../core/log.js';
import type { KeepalivePolicy, RestartPolicy } from '../core/supervisionConfig.js';
import type { Random } from './backoff.js';
import {
  type SessionInput,
  type SupervisorStatus,
  supervisorMachine,
  supervisorStatus,
} from './supervisor.js';
import { isLocalAnswer } from './upstreamErrors.js';
import type { upstreamSessionMachine } from './upstreamSession.js';

export type SessionActor = Actor<typeof upstreamSessionMachine>;

/** XState's clock plus the time it reads (`SimulatedClock` is one). */
export interface SupervisorClock extends NonNullable<ActorOptions<AnyActorLogic>['clock']> {
  now(): number;
}
export type SessionStateValue = ReturnType<SessionActor['getSnapshot']>['value'];

export interface UpstreamSupervisorOptions {
  name: string;
  restart: RestartPolicy;
  keepalive: KeepalivePolicy;
  /** A fresh, unstarted session actor for each attempt. */
  createSession: () => SessionActor;
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
  #session: SessionActor | undefined;
  /** Resolves when the retired attempts have closed their connections. */
  #retired: Promise<void>[] = [];
  #last: SupervisorStatus | undefined;
  /** Why the current attempt is being failed (readable while the session processes FAIL). */
  #failing: string | undefined;

  constructor(options: UpstreamSupervisorOptions) {
    this.#options = options;
    const machine = supervisorMachine.provide({
      actors: {
        session: fromCallback<EventObject, SessionInput>(({ sendBack, receive }) =>
          this.#runAttempt(sendBack, receive),
        ),
        ping: fromPromise<void, { attempt: number }>(({ signal }) => this.#ping(signal)),
      },
    });
    const clock = options.clock;
    const now = clock ? () => clock.now() : Date.now;
    this.#actor = createActor(machine, {
      ...(options.clock ? { clock: options.clock } : {}),
      input: {
        name: options.name,
        restart: options.restart,
        keepalive: options.keepalive,
        now,
        ...(options.random ? { random: options.random } : {}),
      },
    });
    this.#actor.subscribe((snapshot) => this.#onSnapshot(supervisorStatus(snapshot)));
  }

  start(): void {
    this.#actor.start();
  }

  /** The current attempt's session (undefined before the first one). */
  get session(): SessionActor | undefined {
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

  /** One attempt: returns the cleanup XState runs when the supervisor leaves `running`. */
  #runAttempt(
    sendBack: (event: AnyEventObject) => void,
    receive: (listener: (event: EventObject) => void) => void,
  ): () => void {
    const session = this.#options.createSession();
    this.#session = session;
    this.#failing = undefined;
    let live = true;
    let last: SessionStateValue | undefined;
    const subscription: Subscription = session.subscribe((snapshot) => {
      if (snapshot.value === last) return;
      last = snapshot.value;
      if (this.#session === session) this.#options.onSessionState(snapshot.value);
      if (!live) return;
      if (snapshot.value === 'ready') sendBack({ type: 'SESSION_READY' });
      else if (snapshot.value === 'failed' || snapshot.value === 'closed') {
        sendBack({ type: 'SESSION_FAILED', reason: snapshot.context.error ?? 'session ended' });
      }
    });
    receive((event) => {
      if (event.type !== 'FAIL') return;
      const fail = event as { type: 'FAIL'; reason: string };
      this.#failing = fail.reason;
      session.send(fail);
    });
    session.start();
    return () => {
      live = false;
      if (session.getSnapshot().status !== 'done') session.send({ type: 'CLOSE' });
      const closed = whenDone(session).then(() => {
        subscription.unsubscribe();
        session.stop();
      });
      this.#retired.push(closed);
      void closed.then(() => {
        this.#retired = this.#retired.filter((p) => p !== closed);
      });
    };
  }

  /** Any answer from the upstream (even a JSON-RPC error) means it is alive. */
  async #ping(signal: AbortSignal): Promise<void> {
    const connection = this.#session?.getSnapshot().context.connection;
    if (!connection || connection.isClosed) throw new Error('not connected');
    try {
      await lastValueFrom(connection.request$('ping', {}, { signal }), { defaultValue: undefined });
    } catch (error) {
      if (error instanceof RpcError && !isLocalAnswer(error)) return;
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

function whenDone(actor: AnyActorRef): Promise<void> {
  return new Promise((resolve) => {
    if (actor.getSnapshot().status === 'done') return resolve();
    const subscription = actor.subscribe({
      next: (snapshot: { status: string }) => {
        if (snapshot.status === 'done') {
          subscription.unsubscribe();
          resolve();
        }
      },
      complete: () => resolve(),
      error: () => resolve(),
    });
  });
}
