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
import { type SnapshotFrom } from 'xstate';
import type { KeepalivePolicy, RestartPolicy } from '../../core/config/index.js';
import { type Random } from './backoff.js';
import { type UpstreamSessionInput, type UpstreamSessionOutput } from './upstreamSession.js';
export type Health = 'ready' | 'degraded' | 'down';
export type SupervisorPhase = 'connecting' | 'up' | 'failing' | 'backoff' | 'gaveUp' | 'stopped';
export interface SupervisorInput {
    name: string;
    restart: RestartPolicy;
    keepalive: KeepalivePolicy;
    /** Uniform in [0, 1); default `Math.random`. */
    random?: Random;
    /** Wall-clock for `restartAt`; default the real clock (tests pass the simulated clock's). */
    now?: () => number;
    /** The input of each attempt's session machine (absent only with a test `session` actor). */
    session?: UpstreamSessionInput;
}
export interface SupervisorContext {
    name: string;
    restart: RestartPolicy;
    keepalive: KeepalivePolicy;
    random: Random;
    now: () => number;
    session: UpstreamSessionInput | undefined;
    /** Session attempts started (1 for the first). */
    attempt: number;
    /** Restarts in a row since the upstream was last stable (drives the backoff). */
    restarts: number;
    /** Restarts over the supervisor's life. */
    totalRestarts: number;
    /** The current (or last) backoff delay. */
    delayMs: number;
    /** When the pending restart fires (backoff only). */
    restartAt: number | undefined;
    /** Consecutive failed keepalive pings in the current session. */
    keepaliveFailures: number;
    /** Why the last session ended. */
    lastError: string | undefined;
}
export type SupervisorEvent = {
    type: 'SESSION_READY';
} | {
    type: 'SESSION_FAILED';
    reason: string;
}
/** A session snapshot that changes nothing here (raised for every non-ready snapshot). */
 | {
    type: 'SESSION_SNAPSHOT';
} | {
    type: 'STOP';
} | {
    type: 'RESTART';
    reason: string;
};
/** What each attempt's session is started with. */
export type SessionInput = UpstreamSessionInput & {
    attempt: number;
};
export declare const supervisorMachine: import("xstate").StateMachine<SupervisorContext, SupervisorEvent, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").StateMachine<import("./upstreamSession.js").UpstreamSessionContext, import("./upstreamSession.js").UpstreamSessionEvent, {
        [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<import("../../index.js").Connection, UpstreamSessionInput, import("xstate").EventObject> | import("xstate").PromiseActorLogic<import("./handshake.js").UpstreamServerInfo, import("./upstreamSession.js").UpstreamSessionContext, import("xstate").EventObject> | import("xstate").CallbackActorLogic<import("./upstreamSession.js").UpstreamSessionEvent, import("../../index.js").Connection | undefined, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, import("../../index.js").Connection | undefined, import("xstate").EventObject>> | undefined;
    }, {
        src: "initialize";
        logic: import("xstate").PromiseActorLogic<import("./handshake.js").UpstreamServerInfo, import("./upstreamSession.js").UpstreamSessionContext, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "closeConnection";
        logic: import("xstate").PromiseActorLogic<void, import("../../index.js").Connection | undefined, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "connect";
        logic: import("xstate").PromiseActorLogic<import("../../index.js").Connection, UpstreamSessionInput, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "watchTransport";
        logic: import("xstate").CallbackActorLogic<import("./upstreamSession.js").UpstreamSessionEvent, import("../../index.js").Connection | undefined, import("xstate").EventObject>;
        id: string | undefined;
    }, {
        type: "closeQuietly";
        params: unknown;
    }, never, never, "closed" | "initializing" | "ready" | "closing" | "failed" | "connecting", string, UpstreamSessionInput, UpstreamSessionOutput, import("xstate").EventObject, import("xstate").MetaObject, {
        id: "upstreamSession";
        states: {
            readonly connecting: {};
            readonly initializing: {};
            readonly ready: {};
            readonly closing: {};
            readonly closed: {};
            readonly failed: {};
        };
    }, import("xstate").MetaObject> | import("xstate").PromiseActorLogic<void, {
        attempt: number;
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "session";
    logic: import("xstate").StateMachine<import("./upstreamSession.js").UpstreamSessionContext, import("./upstreamSession.js").UpstreamSessionEvent, {
        [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<import("../../index.js").Connection, UpstreamSessionInput, import("xstate").EventObject> | import("xstate").PromiseActorLogic<import("./handshake.js").UpstreamServerInfo, import("./upstreamSession.js").UpstreamSessionContext, import("xstate").EventObject> | import("xstate").CallbackActorLogic<import("./upstreamSession.js").UpstreamSessionEvent, import("../../index.js").Connection | undefined, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, import("../../index.js").Connection | undefined, import("xstate").EventObject>> | undefined;
    }, {
        src: "initialize";
        logic: import("xstate").PromiseActorLogic<import("./handshake.js").UpstreamServerInfo, import("./upstreamSession.js").UpstreamSessionContext, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "closeConnection";
        logic: import("xstate").PromiseActorLogic<void, import("../../index.js").Connection | undefined, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "connect";
        logic: import("xstate").PromiseActorLogic<import("../../index.js").Connection, UpstreamSessionInput, import("xstate").EventObject>;
        id: string | undefined;
    } | {
        src: "watchTransport";
        logic: import("xstate").CallbackActorLogic<import("./upstreamSession.js").UpstreamSessionEvent, import("../../index.js").Connection | undefined, import("xstate").EventObject>;
        id: string | undefined;
    }, {
        type: "closeQuietly";
        params: unknown;
    }, never, never, "closed" | "initializing" | "ready" | "closing" | "failed" | "connecting", string, UpstreamSessionInput, UpstreamSessionOutput, import("xstate").EventObject, import("xstate").MetaObject, {
        id: "upstreamSession";
        states: {
            readonly connecting: {};
            readonly initializing: {};
            readonly ready: {};
            readonly closing: {};
            readonly closed: {};
            readonly failed: {};
        };
    }, import("xstate").MetaObject>;
    id: string | undefined;
} | {
    src: "ping";
    logic: import("xstate").PromiseActorLogic<void, {
        attempt: number;
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "startAttempt";
    params: unknown;
} | {
    type: "markStable";
    params: unknown;
} | {
    type: "keepaliveOk";
    params: unknown;
} | {
    type: "keepaliveFailed";
    params: unknown;
} | {
    type: "scheduleRestart";
    params: unknown;
} | {
    type: "resetRestarts";
    params: unknown;
} | {
    type: "sessionStarted";
    params: unknown;
} | {
    type: "sessionChanged";
    params: import("xstate").MachineSnapshot<import("./upstreamSession.js").UpstreamSessionContext, import("./upstreamSession.js").UpstreamSessionEvent, {
        [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<import("../../index.js").Connection, UpstreamSessionInput, import("xstate").EventObject> | import("xstate").PromiseActorLogic<import("./handshake.js").UpstreamServerInfo, import("./upstreamSession.js").UpstreamSessionContext, import("xstate").EventObject> | import("xstate").CallbackActorLogic<import("./upstreamSession.js").UpstreamSessionEvent, import("../../index.js").Connection | undefined, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, import("../../index.js").Connection | undefined, import("xstate").EventObject>> | undefined;
    }, "closed" | "initializing" | "ready" | "closing" | "failed" | "connecting", string, UpstreamSessionOutput, import("xstate").MetaObject, {
        id: "upstreamSession";
        states: {
            readonly connecting: {};
            readonly initializing: {};
            readonly ready: {};
            readonly closing: {};
            readonly closed: {};
            readonly failed: {};
        };
    }>;
} | {
    type: "sessionEnded";
    params: UpstreamSessionOutput;
} | {
    type: "retireSession";
    params: unknown;
} | {
    type: "failingSession";
    params: string;
}, {
    type: "isDegraded";
    params: unknown;
} | {
    type: "keepaliveOff";
    params: unknown;
} | {
    type: "keepaliveExhausted";
    params: unknown;
} | {
    type: "mayRestart";
    params: unknown;
}, "restartDelay" | "keepaliveInterval" | "keepaliveTimeout" | "stableAfter", "stopped" | "failed" | "backoff" | "gaveUp" | {
    running: "connecting" | "failing" | {
        up: {
            keepalive: "off" | "waiting" | "pinging";
            health: "ready" | "degraded";
        };
    };
}, string, SupervisorInput, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "upstreamSupervisor";
    states: {
        readonly running: {
            states: {
                readonly connecting: {};
                readonly up: {
                    states: {
                        readonly health: {
                            states: {
                                readonly ready: {};
                                readonly degraded: {};
                            };
                        };
                        readonly keepalive: {
                            states: {
                                readonly waiting: {};
                                readonly pinging: {};
                                readonly off: {};
                            };
                        };
                    };
                };
                readonly failing: {};
            };
        };
        readonly failed: {};
        readonly backoff: {};
        readonly gaveUp: {};
        readonly stopped: {};
    };
}, import("xstate").MetaObject>;
export interface SupervisorStatus {
    health: Health;
    phase: SupervisorPhase;
    attempt: number;
    restarts: number;
    totalRestarts: number;
    /** The pending restart's delay and when it fires (phase `backoff` only). */
    delayMs: number | undefined;
    restartAt: number | undefined;
    keepaliveFailures: number;
    lastError: string | undefined;
}
/** Health and phase of a supervisor snapshot. */
export declare function supervisorStatus(snapshot: SnapshotFrom<typeof supervisorMachine>): SupervisorStatus;
