/**
 * The clock of everything in actors/upstream/: XState's clock (timers for delays) plus the
 * time it reads. XState's `SimulatedClock` is one (tests); `realClock` is the default.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate';

export interface UpstreamClock extends NonNullable<ActorOptions<AnyActorLogic>['clock']> {
  now(): number;
}

/** Node's timers and `Date.now`. */
export const realClock: UpstreamClock = {
  now: () => Date.now(),
  setTimeout: (fn: (...args: unknown[]) => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
