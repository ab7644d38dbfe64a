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
import { Subscription } from 'rxjs';
import { hasStreams } from '../../core/rpc/index.js';
const keyOf = (id) => `${typeof id}:${String(id)}`;
/** Watches `transport` for dropped responses; unsubscribe to stop (and drop pending timers). */
export function cancelOnDisconnect(transport, connection, options) {
    const subscription = new Subscription();
    if (!hasStreams(transport))
        return subscription;
    const { disconnects$, resumes$ } = transport;
    const timers = new Map();
    const cancel = (id) => {
        timers.delete(keyOf(id));
        if (connection.cancelInbound(id, 'the client disconnected')) {
            options.log.debug('cancelled a request whose client disconnected', { id });
        }
    };
    subscription.add(disconnects$.subscribe(({ requestIds }) => {
        for (const id of requestIds) {
            if (options.graceMs <= 0) {
                cancel(id);
                continue;
            }
            timers.get(keyOf(id))?.unsubscribe();
            timers.set(keyOf(id), options.scheduler.schedule(() => cancel(id), options.graceMs));
        }
    }));
    subscription.add(resumes$.subscribe(({ requestIds }) => {
        for (const id of requestIds) {
            timers.get(keyOf(id))?.unsubscribe();
            timers.delete(keyOf(id));
        }
    }));
    subscription.add(() => {
        for (const timer of timers.values())
            timer.unsubscribe();
        timers.clear();
    });
    return subscription;
}
//# sourceMappingURL=cancelOnDisconnect.js.map