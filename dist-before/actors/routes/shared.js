/**
 * What every facade route shares: the route signature and the few rewrites routing needs
 * (name or URI, progress token), and the progress/result re-labelling toward the caller.
 */
import { Observable, Subscription, } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
export const result = (value) => ({ kind: 'result', result: value });
/** Upstream progress carries the upstream's token; the caller's is added by its connection. */
export function toCaller(event) {
    if (event.kind === 'result')
        return event;
    const { progressToken: _upstreamToken, ...progress } = event.params;
    return { kind: 'progress', params: progress };
}
/** Params for the upstream: one routed key rewritten, and no downstream progress token. */
export function rewriteParams(params, key, value) {
    const out = { ...params, [key]: value };
    const meta = params._meta;
    if (meta && 'progressToken' in meta) {
        const { progressToken: _token, ...rest } = meta;
        if (Object.keys(rest).length > 0)
            out._meta = rest;
        else
            delete out._meta;
    }
    return out;
}
/**
 * The operator that relabels what an upstream sends back for the caller (see `toCaller`), and
 * sends a result that follows progress one timer tick later. The official SDK client handles
 * responses synchronously but notifications in a microtask, so when the last progress and the
 * result arrive in one read it drops that progress (its handler is gone). Spacing them out
 * costs one tick only for requests that reported progress. One subscriber per request
 * (`CallerObserver`).
 */
export function forCaller(scheduler) {
    return (source) => new Observable((subscriber) => {
        const observer = new CallerObserver(subscriber, scheduler);
        const inner = source.subscribe(observer);
        if (inner !== observer)
            observer.add(inner);
        return observer;
    });
}
/** A `Subscription` that is also the source's `Observer`: RxJS uses it as it is. */
class CallerObserver extends Subscription {
    #progressed = false;
    #held = undefined;
    #subscriber;
    #scheduler;
    constructor(subscriber, scheduler) {
        super();
        this.#subscriber = subscriber;
        this.#scheduler = scheduler;
    }
    next(event) {
        if (event.kind === 'progress') {
            this.#progressed = true;
            this.#subscriber.next(toCaller(event));
        }
        else if (this.#progressed)
            this.#held = event;
        else
            this.#subscriber.next(event);
    }
    error(error) {
        this.#subscriber.error(error);
    }
    complete() {
        const result = this.#held;
        const subscriber = this.#subscriber;
        if (result === undefined) {
            subscriber.complete();
            return;
        }
        subscriber.add(this.#scheduler.schedule(() => {
            subscriber.next(result);
            subscriber.complete();
        }, 0));
    }
}
/** Outside the caller's profile: the same answer as for a name or URI that does not exist. */
function notInProfile(kind, exposed) {
    if (kind === 'resources' || kind === 'resourceTemplates') {
        return new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${exposed}`, {
            uri: exposed,
        });
    }
    const noun = kind === 'tools' ? 'tool' : kind === 'prompts' ? 'prompt' : 'name';
    return new RpcError(ErrorCode.InvalidParams, `Unknown ${noun}: ${exposed}`, { name: exposed });
}
/**
 * Throws the access-denied error when the policy does not let `caller` use `exposed` of
 * `upstream`. The error names the item and the principal, not the rule, and looks the same
 * whether or not the item exists elsewhere, so a denied name is not a probe of the catalog.
 */
export function checkAccess(host, caller, upstream, kind, exposed) {
    if (!host.allows || host.allows(caller, upstream, kind, exposed))
        return;
    const profile = caller.profile;
    if (profile !== undefined && host.inProfile?.(profile, upstream, kind, exposed) === false) {
        throw notInProfile(kind, exposed);
    }
    const who = caller.identity?.id ?? 'an unauthenticated client';
    throw new RpcError(ErrorCode.InvalidParams, `Access denied: ${exposed || `upstream ${upstream}`} is not available to ${who}`, { reason: 'access_denied' });
}
/**
 * Forwards a request to one upstream and relabels what comes back for the caller. Every routed
 * request passes here, so the upstream-level access check is here too (item-level checks are
 * in the routes that know the exposed name).
 */
export function forwardTo(host, upstream, method, params, caller) {
    checkAccess(host, caller, upstream, 'upstream', '');
    const forwarded = host.forward(upstream, method, params, caller);
    // A caller without a progress token gets no progress (none is asked of the upstream, and its
    // connection would drop it): nothing to relabel or space out, so no layer for it.
    return caller.inbound.progressToken === undefined
        ? forwarded
        : forwarded.pipe(forCaller(host.scheduler));
}
//# sourceMappingURL=shared.js.map