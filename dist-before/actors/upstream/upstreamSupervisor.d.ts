import { type Actor } from 'xstate';
import type { KeepalivePolicy, RestartPolicy } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { Connection } from '../../core/rpc/index.js';
import type { Random } from './backoff.js';
import { type UpstreamClock } from './clock.js';
import { type SupervisorStatus } from './supervisor.js';
import type { UpstreamServerInfo, UpstreamSessionInput, UpstreamSessionSnapshot, upstreamSessionMachine } from './upstreamSession.js';
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
export declare class UpstreamSupervisor {
    #private;
    constructor(options: UpstreamSupervisorOptions);
    start(): void;
    /** The current (or last) attempt's session (undefined before its first snapshot). */
    get session(): SessionView | undefined;
    /**
     * Why the current attempt was failed by the supervisor (keepalive), if it was. Set before
     * the session is told, so requests failed by its close can name it.
     */
    get failing(): string | undefined;
    get status(): SupervisorStatus;
    /** Restarts now, with the backoff reset (a given-up upstream comes back). */
    restart(reason: string): void;
    /** Stops supervising and closes the current attempt; resolves once its connection is closed. */
    stop(): Promise<void>;
}
