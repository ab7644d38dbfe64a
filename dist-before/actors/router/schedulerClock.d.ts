/**
 * The router's scheduler as the clock its upstreams run on (supervisor delays, keepalive,
 * `startedAt`, queue deadlines): one source of time for everything the
 * router owns, so a test's virtual scheduler drives it all.
 */
import type { SchedulerLike } from 'rxjs';
import type { UpstreamClock } from '../upstream/index.js';
export declare function schedulerClock(scheduler: SchedulerLike): UpstreamClock;
