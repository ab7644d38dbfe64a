/**
 * The clock of everything in actors/upstream/: XState's clock (timers for delays) plus the
 * time it reads. XState's `SimulatedClock` is one (tests); `realClock` is the default.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate';
export interface UpstreamClock extends NonNullable<ActorOptions<AnyActorLogic>['clock']> {
    now(): number;
}
/** Node's timers and `Date.now`. */
export declare const realClock: UpstreamClock;
