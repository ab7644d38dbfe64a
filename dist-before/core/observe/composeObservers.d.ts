import type { RouterObserver } from './observer.js';
/**
 * One observer for `observers` (undefined for none, the observer itself for one). Each sees
 * every request and session; the params sent upstream are threaded through them in order, so
 * each may add to `_meta` (a tracer's `traceparent`) what the next one then sees.
 */
export declare function composeObservers(observers: RouterObserver | readonly RouterObserver[] | undefined): RouterObserver | undefined;
