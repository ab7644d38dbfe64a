/**
 * A routed request under a `RouterObserver` (core/observe/): its milestones reach the
 * observation (admitted and sent through the in-flight hooks, answered with the result, ended
 * on completion, error or unsubscription). Only used when the router has an observer: an
 * unobserved router never builds any of this.
 */
import { Observable } from 'rxjs';
import type { RequestObservation, RouterObserver } from '../../core/observe/observer.js';
import { outcomeOf } from '../../core/observe/outcome.js';
import type { RequestEvent } from '../../core/rpc/connection.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import type { InflightAdmission, InflightHooks } from './inflight.js';

/** The name a routed request carries: a tool or prompt name, or a resource URI. */
export function requestName(params: JsonObject): string | undefined {
  const name = params.name ?? params.uri;
  return typeof name === 'string' ? name : undefined;
}

/** The in-flight hooks, also telling `watch` when the request is admitted and sent. */
export function watchedHooks(hooks: InflightHooks, watch: RequestObservation): InflightHooks {
  return {
    onSent: (id: number) => {
      watch.sent();
      hooks.onSent(id);
    },
    onAdmit: (admission: InflightAdmission) => {
      watch.admitted();
      hooks.onAdmit(admission);
    },
  };
}

/**
 * Forwards through `forward` with the params the observation chose (the trace in `_meta`),
 * and ends the observation with the request.
 */
export function observeForward(
  observer: RouterObserver,
  upstream: string,
  method: string,
  params: JsonObject,
  forward: (params: JsonObject, watch: RequestObservation) => Observable<RequestEvent>,
): Observable<RequestEvent> {
  const watch = observer.request(upstream, method, requestName(params), params);
  let source: Observable<RequestEvent>;
  try {
    source = forward(watch.params, watch);
  } catch (error) {
    watch.end(outcomeOf(error), error);
    throw error;
  }
  return new Observable<RequestEvent>((subscriber) => {
    // The caller may unsubscribe as soon as it has the result (before `complete`).
    let answered = false;
    const subscription = source.subscribe({
      next: (event) => {
        if (event.kind === 'result') {
          answered = true;
          watch.answered();
        }
        subscriber.next(event);
      },
      error: (error: unknown) => {
        watch.end(outcomeOf(error), error);
        subscriber.error(error);
      },
      complete: () => {
        watch.end('ok');
        subscriber.complete();
      },
    });
    return () => {
      subscription.unsubscribe();
      watch.end(answered ? 'ok' : 'cancelled');
    };
  });
}
