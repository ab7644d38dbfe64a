/**
 * Client gone mid-request → cancel upstream (actors/README.md, "Client disconnects").
 *
 * A transport with several HTTP responses per session (Streamable HTTP) reports on
 * `disconnects$` the inbound requests whose response was to travel on an HTTP response the
 * client dropped. The spec says a disconnection SHOULD NOT be read as a cancellation, because
 * the client may resume the stream (GET with `Last-Event-ID`), so each such request gets
 * `graceMs` to be resumed (`resumes$`); after that it is cancelled as if the client had sent
 * `notifications/cancelled`, which unsubscribes its route and so cancels it upstream. A
 * request answered in the meantime is no longer in flight and nothing happens. Ids are unique
 * within a session (JSON-RPC), so a late timer cannot hit a newer request.
 */
import { type SchedulerLike, Subscription } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { Connection } from '../../core/rpc/index.js';
import { type Transport } from '../../core/rpc/index.js';
export interface CancelOnDisconnectOptions {
    /** How long a dropped stream may take to be resumed; 0 cancels at once. */
    graceMs: number;
    scheduler: SchedulerLike;
    log: Logger;
}
/** Watches `transport` for dropped responses; unsubscribe to stop (and drop pending timers). */
export declare function cancelOnDisconnect(transport: Transport, connection: Connection, options: CancelOnDisconnectOptions): Subscription;
