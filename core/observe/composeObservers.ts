/**
 * Several observers as one (`RouterOptions.observer: [metrics, tracer]`): the router still
 * holds ONE `RouterObserver`, so an unobserved router keeps its single `undefined` check and a
 * router with one observer gets that observer itself, unwrapped.
 */
import type { JsonObject } from '../rpc/index.js';
import type {
  ApprovalDecision,
  ObservedCaller,
  ObservedSession,
  Outcome,
  RequestObservation,
  RouterObserver,
} from './observer.js';

/**
 * One observer for `observers` (undefined for none, the observer itself for one). Each sees
 * every request and session; the params sent upstream are threaded through them in order, so
 * each may add to `_meta` (a tracer's `traceparent`) what the next one then sees.
 */
export function composeObservers(
  observers: RouterObserver | readonly RouterObserver[] | undefined,
): RouterObserver | undefined {
  if (observers === undefined || !Array.isArray(observers)) {
    return observers as RouterObserver | undefined;
  }
  const list = observers as readonly RouterObserver[];
  if (list.length <= 1) return list[0];
  return {
    request(
      upstream: string,
      method: string,
      name: string | undefined,
      params: JsonObject,
      caller?: ObservedCaller,
    ) {
      const watches: RequestObservation[] = [];
      let sent = params;
      for (const observer of list) {
        const watch = observer.request(upstream, method, name, sent, caller);
        sent = watch.params;
        watches.push(watch);
      }
      return new Observations(watches, sent);
    },
    rateLimited(upstream: string, rule: number) {
      for (const observer of list) observer.rateLimited?.(upstream, rule);
    },
    approval(upstream: string, decision: ApprovalDecision) {
      for (const observer of list) observer.approval?.(upstream, decision);
    },
    sessionOpened(session: ObservedSession, transport: string) {
      for (const observer of list) observer.sessionOpened(session, transport);
    },
    sessionClosed(session: ObservedSession, reason: string) {
      for (const observer of list) observer.sessionClosed(session, reason);
    },
  };
}

/** One request watched by several observers: each milestone told to each, in order. */
class Observations implements RequestObservation {
  readonly #watches: readonly RequestObservation[];
  readonly params: JsonObject;

  constructor(watches: readonly RequestObservation[], params: JsonObject) {
    this.#watches = watches;
    this.params = params;
  }

  admitted(ticket: { readonly waitedMs?: number }): void {
    for (const watch of this.#watches) watch.admitted(ticket);
  }

  sent(): void {
    for (const watch of this.#watches) watch.sent();
  }

  answered(result?: JsonObject): void {
    for (const watch of this.#watches) watch.answered(result);
  }

  end(outcome: Outcome, error?: unknown): void {
    for (const watch of this.#watches) watch.end(outcome, error);
  }
}
