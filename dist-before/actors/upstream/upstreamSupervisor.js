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
import { createActor, fromPromise } from 'xstate';
import { LocalError, RpcError } from '../../core/errors/index.js';
import { realClock } from './clock.js';
import { modernKeepalive } from './handshake.js';
import { supervisorMachine, supervisorStatus } from './supervisor.js';
import { isLocalAnswer } from './upstreamErrors.js';
export class UpstreamSupervisor {
    #options;
    #actor;
    /** The current (or last) attempt's session, as of its latest snapshot or its output. */
    #session;
    /** Resolves when the retired attempts have closed their connections. */
    #retired = [];
    #last;
    /** Why the current attempt is being failed (readable while the session processes FAIL). */
    #failing;
    constructor(options) {
        this.#options = options;
        const clock = options.clock ?? realClock;
        const machine = supervisorMachine.provide({
            actors: {
                ping: fromPromise(({ signal }) => this.#ping(signal)),
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
    start() {
        this.#actor.start();
    }
    /** The current (or last) attempt's session (undefined before its first snapshot). */
    get session() {
        return this.#session;
    }
    /**
     * Why the current attempt was failed by the supervisor (keepalive), if it was. Set before
     * the session is told, so requests failed by its close can name it.
     */
    get failing() {
        return this.#failing;
    }
    get status() {
        return supervisorStatus(this.#actor.getSnapshot());
    }
    /** Restarts now, with the backoff reset (a given-up upstream comes back). */
    restart(reason) {
        this.#actor.send({ type: 'RESTART', reason });
    }
    /** Stops supervising and closes the current attempt; resolves once its connection is closed. */
    async stop() {
        this.#actor.send({ type: 'STOP' });
        this.#actor.stop();
        await Promise.allSettled(this.#retired);
    }
    /** A snapshot of the current child session (XState stops a retired one: it sends none). */
    #onSession(snapshot) {
        const previous = this.#session;
        const { error, server, connection } = snapshot.context;
        this.#session = { value: snapshot.value, error, server, connection };
        if (previous?.value !== snapshot.value)
            this.#options.onSessionState(snapshot.value);
    }
    /** XState reports a child's final state as its output, not as a snapshot. */
    #onSessionEnd(output) {
        const previous = this.#session;
        this.#session = { value: output.state, ...output };
        if (previous?.value !== output.state)
            this.#options.onSessionState(output.state);
    }
    /** The supervisor left `running`: the stopped child's connection is closed here. */
    #retire() {
        const connection = this.#session?.connection;
        if (!connection || connection.isClosed)
            return;
        const closed = connection.close().catch(() => { });
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
    async #ping(signal) {
        const connection = this.#session?.connection;
        if (!connection || connection.isClosed)
            throw new Error('not connected');
        const server = this.#session?.server;
        // 2026-07-28 has no `ping`: a modern upstream is asked `server/discover` (handshake.ts).
        const [method, params, headers] = server?.era === 'modern' ? modernKeepalive(this.#options.session, server) : ['ping', {}];
        try {
            await lastValueFrom(connection.request$(method, params, headers ? { signal, headers } : { signal }), { defaultValue: undefined });
        }
        catch (error) {
            if (error instanceof RpcError && !isLocalAnswer(error))
                return;
            // An answer that is not a valid response is still an answer: the upstream is alive.
            if (error instanceof LocalError && error.code === 'invalid-response')
                return;
            throw error;
        }
    }
    #onSnapshot(status) {
        const previous = this.#last;
        this.#last = status;
        if (previous && previous.phase === status.phase && previous.health === status.health)
            return;
        this.#options.onStatus?.(status);
        if (!this.#options.verbose)
            return;
        const { log, name } = this.#options;
        if (status.phase === 'backoff') {
            log.warn(`upstream ${name}: down — restart ${status.restarts} in ${status.delayMs}ms (${status.lastError ?? 'failed'})`);
        }
        else if (status.phase === 'gaveUp') {
            log.error(`upstream ${name}: down — gave up after ${status.restarts} restarts in a row; it stays down until the config is reloaded (${status.lastError ?? 'failed'})`);
        }
        else if (previous && status.phase === 'up' && previous.health !== status.health) {
            const why = status.health === 'degraded'
                ? status.keepaliveFailures > 0
                    ? ` (keepalive: ${status.keepaliveFailures}/${this.#options.keepalive.failureThreshold} pings failed)`
                    : ` (restarted ${status.restarts} time${status.restarts === 1 ? '' : 's'} recently)`
                : '';
            log.info(`upstream ${name}: health ${previous.health} → ${status.health}${why}`);
        }
    }
}
//# sourceMappingURL=upstreamSupervisor.js.map