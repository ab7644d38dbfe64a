/**
 * One outbound request of a connection, as ONE object per subscription: the entry of the
 * outbound table (`OutboundRequest`: where its response and progress go) and the
 * configuration of its `requestLifecycle` (its limits, its abort signal, its `cancel`). One
 * object instead of an entry, a config and a closure: every routed request makes one.
 *
 * It holds no params: a settled request's lifecycle may wait in a deadline FIFO
 * (core/operators/deadlines.ts), and the lifecycle drops its config only at teardown.
 */
import type { Observer, SchedulerLike } from 'rxjs';
import type { Deadlines, RequestLifecycleConfig } from '../operators/index.js';
import type { OutboundRequest } from './inflight.js';
import type { SendOptions } from './transport.js';
import type { RequestEvent, RequestOptions } from './types.js';

/** What a cancelled request does: forget it and tell the peer (`OutboundRequests`). */
export type Abandon = (id: number, reason: unknown) => void;

const NO_SUBSCRIBER: Pick<Observer<RequestEvent>, 'next' | 'error' | 'complete'> = {
  next() {},
  error() {},
  complete() {},
};

export class Exchange implements OutboundRequest, RequestLifecycleConfig {
  /** Set when the exchange starts (the lifecycle that subscribed it). */
  subscriber: Pick<Observer<RequestEvent>, 'next' | 'error' | 'complete'> = NO_SUBSCRIBER;
  readonly progress: boolean;
  readonly rawResult: boolean;
  readonly sendOptions: SendOptions | undefined;
  readonly timeout: number | undefined;
  readonly maxTotalTimeout: number | undefined;
  readonly resetTimeoutOnProgress: boolean | undefined;
  readonly signal: AbortSignal | undefined;
  readonly #abandon: Abandon;

  constructor(
    readonly id: number,
    readonly method: string,
    options: RequestOptions | undefined,
    readonly scheduler: SchedulerLike,
    readonly deadlines: Deadlines,
    abandon: Abandon,
  ) {
    this.progress = options?.progress === true;
    this.rawResult = options?.rawResult === true;
    const related = options?.relatedRequestId;
    this.sendOptions = related === undefined ? undefined : { relatedRequestId: related };
    this.timeout = options?.timeout;
    this.maxTotalTimeout = options?.maxTotalTimeout;
    this.resetTimeoutOnProgress = options?.resetTimeoutOnProgress;
    this.signal = options?.signal;
    this.#abandon = abandon;
  }

  /** The lifecycle ends the request before its response (`requestLifecycle`'s `cancel`). */
  cancel(reason: unknown): void {
    this.#abandon(this.id, reason);
  }
}
