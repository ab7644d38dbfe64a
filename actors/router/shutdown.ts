/**
 * The router's shutdown steps that hold logic (router.ts keeps the order): failing what is in
 * flight (`cancelInFlight`) and closing the sessions and upstreams within an optional deadline
 * (`closeWithin`).
 */
import type { SchedulerLike } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
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
export function cancelInFlight(parts: RouterParts, reason: string): void {
  const error = (upstream: string) =>
    new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, { upstream, reason });
  parts.inflight.cancelAll((request) => error(request.upstream));
  parts.upstreams.cancelAll(error);
}

/** Closes the sessions, then the upstreams; `events$` completes once they are closed. */
export function closeWithin(
  parts: RouterParts,
  sessions: Iterable<DownstreamSession>,
  options: CloseOptions,
): Promise<void> {
  parts.bridge.close();
  const { upstreams, events, scheduler, log } = parts;
  const closing = Promise.allSettled([...sessions].map((s) => s.close()))
    .then(() => upstreams.close('mcp-mux is shutting down'))
    .finally(() => events.complete());
  return withDeadline(closing, options.timeoutMs, scheduler, log);
}

/** `work`, or its deadline if that comes first (then a warning; `work` goes on). */
export function withDeadline(
  work: Promise<unknown>,
  timeoutMs: number | undefined,
  scheduler: SchedulerLike,
  log: Logger,
): Promise<void> {
  const done = work.then(
    () => {},
    () => {},
  );
  if (timeoutMs === undefined) return done;
  return new Promise<void>((resolve) => {
    const timer = scheduler.schedule(() => {
      log.warn(`close: not done after ${timeoutMs} ms; upstreams still closing go on`);
      resolve();
    }, timeoutMs);
    void done.then(() => {
      timer.unsubscribe();
      resolve();
    });
  });
}
