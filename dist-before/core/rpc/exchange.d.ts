/**
 * One outbound request of a connection, as ONE object per subscription: the entry of the
 * outbound table (`OutboundRequest`: where its response and progress go) and the
 * configuration of its `requestLifecycle` (its limits, its abort signal, its `cancel`). One
 * object instead of an entry, a config and a closure: every routed request makes one.
 *
 * It holds no params: a settled request's lifecycle may wait in the connection's deadline FIFO
 * (core/operators/deadlines.ts), and the lifecycle drops its config only at teardown.
 */
import type { Observer, SchedulerLike } from 'rxjs';
import type { Deadlines, RequestLifecycleConfig } from '../operators/index.js';
import type { OutboundRequest } from './inflight.js';
import type { SendOptions } from './transport.js';
import type { RequestEvent, RequestOptions } from './types.js';
/** What a cancelled request does: forget it and tell the peer (`OutboundRequests`). */
export type Abandon = (id: number, reason: unknown) => void;
export declare class Exchange implements OutboundRequest, RequestLifecycleConfig {
    #private;
    readonly id: number;
    readonly method: string;
    readonly scheduler: SchedulerLike;
    readonly deadlines: Deadlines;
    /** Set when the exchange starts (the lifecycle that subscribed it). */
    subscriber: Pick<Observer<RequestEvent>, 'next' | 'error' | 'complete'>;
    readonly progress: boolean;
    readonly rawResult: boolean;
    readonly sendOptions: SendOptions | undefined;
    readonly timeout: number | undefined;
    readonly maxTotalTimeout: number | undefined;
    readonly resetTimeoutOnProgress: boolean | undefined;
    readonly signal: AbortSignal | undefined;
    constructor(id: number, method: string, options: RequestOptions | undefined, scheduler: SchedulerLike, deadlines: Deadlines, abandon: Abandon);
    /** The lifecycle ends the request before its response (`requestLifecycle`'s `cancel`). */
    cancel(reason: unknown): void;
}
