/**
 * The router's shutdown steps that hold logic (router.ts keeps the order): failing what is in
 * flight (`cancelInFlight`) and closing the sessions and upstreams within an optional deadline
 * (`closeWithin`).
 */
import type { SchedulerLike } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { DownstreamSession } from '../downstream/index.js';
import type { RouterParts } from './parts.js';
export interface CloseOptions {
    /**
     * Resolve by then at the latest (ms, on the router's scheduler). Upstreams still closing go
     * on in the background with their own bounded teardown (stdio: stdin closed, then
     * `shutdownGraceMs`, SIGTERM, SIGKILL). Default: wait for everything.
     */
    readonly timeoutMs?: number;
}
/**
 * Fails every routed request in flight with -32012 (`data.upstream`, `data.reason`) through the
 * in-flight index, which ends each upstream (`notifications/cancelled` when it runs); then the
 * router's own requests still admitted to a shared upstream.
 */
export declare function cancelInFlight(parts: RouterParts, reason: string): void;
/** Closes the sessions, then the upstreams; `events$` completes once they are closed. */
export declare function closeWithin(parts: RouterParts, sessions: Iterable<DownstreamSession>, options: CloseOptions): Promise<void>;
/** `work`, or its deadline if that comes first (then a warning; `work` goes on). */
export declare function withDeadline(work: Promise<unknown>, timeoutMs: number | undefined, scheduler: SchedulerLike, log: Logger): Promise<void>;
