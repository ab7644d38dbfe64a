/**
 * The supervisor of one upstream: runs one session attempt at a time, restarts a failed one
 * with exponential backoff and jitter (`backoff.ts`), pings a ready one, and reports health.
 *
 *   running ─┬─ connecting ──SESSION_READY──► up ═╦═ health:    ready ⇄ degraded
 *            │                                    ╚═ keepalive: waiting → pinging → waiting
 *            ├─ keepalive threshold ──► failing (tells the session to FAIL)
 *            └─ SESSION_FAILED ──► failed ─┬─► backoff ──after delay──► running
 *                                          └─► gaveUp (maxRestarts reached)
 *   STOP (anywhere) ──► stopped (final)          RESTART (anywhere) ──► running, counters reset
 *
 * Health: `ready` (up, no keepalive failure, stable), `degraded` (up, but a keepalive ping
 * failed recently or it restarted less than `stableAfterMs` ago), `down` (everything else:
 * connecting, backing off, given up, stopped).
 *
 * The session is the upstream session machine (`upstreamSession.ts`), invoked as a child
 * while `running` (one child per attempt, input: `SupervisorInput.session`): its `ready`
 * snapshot raises SESSION_READY, its final state (failed, closed) SESSION_FAILED with its
 * error, and `{ type: 'FAIL', reason }` is sent to it when keepalive gives up on it. Leaving
 * `running` stops the child; `retireSession` (provided by the owner) closes the connection it
 * held, `sessionChanged` hands the owner each snapshot of the current child. Tests may
 * provide a different `session` actor that sends SESSION_READY / SESSION_FAILED itself.
 * `ping` (provided by the owner) resolves when the upstream answered (any answer, even an
 * error, means it is alive) and rejects when it did not. Every delay (backoff, keepalive
 * interval and timeout, stable period) is an XState delay, so tests run it on a
 * `SimulatedClock`.
 */
import { assign, fromPromise, not, raise, sendTo, setup } from 'xstate';
import { backoffDelay } from './backoff.js';
import { realClock } from './clock.js';
import { upstreamSessionMachine, } from './upstreamSession.js';
const describe = (error) => error instanceof Error ? error.message : String(error);
export const supervisorMachine = setup({
    types: {
        input: {},
        context: {},
        events: {},
    },
    actors: {
        session: upstreamSessionMachine,
        // Placeholder: the owner provides it (see the file comment).
        ping: fromPromise(async () => undefined),
    },
    guards: {
        isDegraded: ({ context }) => context.keepaliveFailures > 0 || context.restarts > 0,
        keepaliveOff: ({ context }) => context.keepalive.intervalMs <= 0,
        keepaliveExhausted: ({ context }) => context.keepaliveFailures + 1 >= context.keepalive.failureThreshold,
        mayRestart: ({ context }) => context.restart.maxRestarts === undefined || context.restarts < context.restart.maxRestarts,
    },
    delays: {
        restartDelay: ({ context }) => context.delayMs,
        keepaliveInterval: ({ context }) => context.keepalive.intervalMs,
        keepaliveTimeout: ({ context }) => context.keepalive.timeoutMs,
        stableAfter: ({ context }) => context.restart.stableAfterMs,
    },
    actions: {
        startAttempt: assign({
            attempt: ({ context }) => context.attempt + 1,
            keepaliveFailures: 0,
            restartAt: undefined,
        }),
        markStable: assign({ restarts: 0, delayMs: 0 }),
        keepaliveOk: assign({ keepaliveFailures: 0 }),
        keepaliveFailed: assign({ keepaliveFailures: ({ context }) => context.keepaliveFailures + 1 }),
        scheduleRestart: assign(({ context }) => {
            const delayMs = backoffDelay(context.restart, context.restarts, context.delayMs, context.random);
            return {
                delayMs,
                restartAt: context.now() + delayMs,
                restarts: context.restarts + 1,
                totalRestarts: context.totalRestarts + 1,
            };
        }),
        resetRestarts: assign({ restarts: 0, delayMs: 0 }),
        // Placeholders the owner provides (see the file comment).
        sessionStarted: () => { },
        sessionChanged: (_, _snapshot) => { },
        sessionEnded: (_, _output) => { },
        retireSession: () => { },
        failingSession: (_, _reason) => { },
    },
}).createMachine({
    id: 'upstreamSupervisor',
    context: ({ input }) => ({
        name: input.name,
        restart: input.restart,
        keepalive: input.keepalive,
        random: input.random ?? Math.random,
        now: input.now ?? realClock.now,
        session: input.session,
        attempt: 0,
        restarts: 0,
        totalRestarts: 0,
        delayMs: 0,
        restartAt: undefined,
        keepaliveFailures: 0,
        lastError: undefined,
    }),
    initial: 'running',
    on: {
        STOP: '.stopped',
        RESTART: {
            target: '.running',
            reenter: true,
            actions: ['resetRestarts', assign({ lastError: ({ event }) => event.reason })],
        },
    },
    states: {
        running: {
            entry: ['startAttempt', 'sessionStarted'],
            exit: 'retireSession',
            invoke: {
                id: 'session',
                src: 'session',
                input: ({ context }) => ({
                    ...context.session,
                    attempt: context.attempt,
                }),
                onSnapshot: {
                    actions: [
                        { type: 'sessionChanged', params: ({ event }) => event.snapshot },
                        raise(({ event }) => event.snapshot.value === 'ready'
                            ? { type: 'SESSION_READY' }
                            : { type: 'SESSION_SNAPSHOT' }),
                    ],
                },
                onDone: {
                    actions: [
                        { type: 'sessionEnded', params: ({ event }) => event.output },
                        raise(({ event }) => ({
                            type: 'SESSION_FAILED',
                            reason: event.output.error ?? 'session ended',
                        })),
                    ],
                },
            },
            on: {
                SESSION_FAILED: {
                    target: 'failed',
                    actions: assign({ lastError: ({ event }) => event.reason }),
                },
            },
            initial: 'connecting',
            states: {
                connecting: { on: { SESSION_READY: 'up' } },
                up: {
                    type: 'parallel',
                    after: { stableAfter: { actions: 'markStable' } },
                    states: {
                        health: {
                            initial: 'ready',
                            states: {
                                ready: { always: { guard: 'isDegraded', target: 'degraded' } },
                                degraded: { always: { guard: not('isDegraded'), target: 'ready' } },
                            },
                        },
                        keepalive: {
                            initial: 'waiting',
                            states: {
                                waiting: {
                                    always: { guard: 'keepaliveOff', target: 'off' },
                                    after: { keepaliveInterval: 'pinging' },
                                },
                                pinging: {
                                    invoke: {
                                        src: 'ping',
                                        input: ({ context }) => ({ attempt: context.attempt }),
                                        onDone: { target: 'waiting', actions: 'keepaliveOk' },
                                        onError: [
                                            {
                                                guard: 'keepaliveExhausted',
                                                target: '#upstreamSupervisor.running.failing',
                                                actions: assign({
                                                    lastError: ({ context, event }) => `keepalive: ${context.keepalive.failureThreshold} pings in a row failed (last: ${describe(event.error)})`,
                                                }),
                                            },
                                            { target: 'waiting', actions: 'keepaliveFailed' },
                                        ],
                                    },
                                    after: {
                                        keepaliveTimeout: [
                                            {
                                                guard: 'keepaliveExhausted',
                                                target: '#upstreamSupervisor.running.failing',
                                                actions: assign({
                                                    lastError: ({ context }) => `keepalive: ${context.keepalive.failureThreshold} pings in a row failed (last: no answer within ${context.keepalive.timeoutMs}ms)`,
                                                }),
                                            },
                                            { target: 'waiting', actions: 'keepaliveFailed' },
                                        ],
                                    },
                                },
                                off: {},
                            },
                        },
                    },
                },
                // The session is told to fail (so its in-flight requests fail with this reason) and
                // answers SESSION_FAILED; if it does not, the supervisor fails it anyway.
                failing: {
                    entry: [
                        { type: 'failingSession', params: ({ context }) => context.lastError ?? 'failed' },
                        sendTo('session', ({ context }) => ({
                            type: 'FAIL',
                            reason: context.lastError ?? 'failed',
                        })),
                    ],
                    after: { keepaliveTimeout: '#upstreamSupervisor.failed' },
                },
            },
        },
        failed: {
            always: [{ guard: 'mayRestart', target: 'backoff' }, { target: 'gaveUp' }],
        },
        backoff: {
            entry: 'scheduleRestart',
            after: { restartDelay: 'running' },
        },
        gaveUp: {},
        stopped: { type: 'final' },
    },
});
/** Health and phase of a supervisor snapshot. */
export function supervisorStatus(snapshot) {
    const { context } = snapshot;
    let phase = 'stopped';
    let health = 'down';
    if (snapshot.matches({ running: 'up' })) {
        phase = 'up';
        health = snapshot.matches({ running: { up: { health: 'degraded' } } }) ? 'degraded' : 'ready';
    }
    else if (snapshot.matches({ running: 'failing' }))
        phase = 'failing';
    else if (snapshot.matches('running'))
        phase = 'connecting';
    else if (snapshot.matches('backoff'))
        phase = 'backoff';
    else if (snapshot.matches('gaveUp'))
        phase = 'gaveUp';
    const backingOff = phase === 'backoff';
    return {
        health,
        phase,
        attempt: context.attempt,
        restarts: context.restarts,
        totalRestarts: context.totalRestarts,
        delayMs: backingOff ? context.delayMs : undefined,
        restartAt: backingOff ? context.restartAt : undefined,
        keepaliveFailures: context.keepaliveFailures,
        lastError: context.lastError,
    };
}
//# sourceMappingURL=supervisor.js.map