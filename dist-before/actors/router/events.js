/**
 * `Router.events$`: what happens in a router, as typed events, for embedders (dashboards,
 * agent frameworks) that would otherwise poll `status()`. The shape is part of the public API
 * (`RouterEvent`, a union discriminated by `type`): fields may be added, none removed or
 * renamed.
 *
 * Cost: nothing is built unless someone subscribes. Every source asks `RouterEvents.active`
 * (the Subject's `observed`, one property read) before it builds an event; the routed path
 * wraps a request to watch for refusals only then.
 */
import { Observable, Subject } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
const UNKNOWN_MESSAGE = /^(Unknown (tool|prompt): |Resource not found: )/;
/** The refusal an error is, or undefined for any other failure (an upstream's own error). */
export function refusalOf(error) {
    if (!(error instanceof RpcError))
        return undefined;
    switch (error.code) {
        case ErrorCode.UpstreamUnavailable:
            return 'unavailable';
        case ErrorCode.Overloaded:
            return 'rate-limited';
        case ErrorCode.InvalidParams: {
            const data = error.data;
            if (data?.reason === 'access_denied')
                return 'denied';
            return UNKNOWN_MESSAGE.test(error.message) ? 'unknown' : undefined;
        }
        case ErrorCode.ResourceNotFound:
            return UNKNOWN_MESSAGE.test(error.message) ? 'unknown' : undefined;
        default:
            return undefined;
    }
}
export class RouterEvents {
    #subject = new Subject();
    events$ = this.#subject.asObservable();
    /** Someone subscribes: only then are events built. */
    get active() {
        return this.#subject.observed;
    }
    emit(event) {
        if (this.#subject.observed)
            this.#subject.next(event);
    }
    /** Completes `events$` (router closed). */
    complete() {
        this.#subject.complete();
    }
    /**
     * A routed request watched for refusals (call only when `active`): a route's synchronous
     * throw and an error of its Observable become `call.refused` when `refusalOf` names them.
     */
    watch(request, caller, run) {
        const refused = (error) => {
            const reason = refusalOf(error);
            if (reason !== undefined)
                this.emit(refusalEvent(reason, request, caller, error));
        };
        let source;
        try {
            source = run();
        }
        catch (error) {
            refused(error);
            throw error;
        }
        return new Observable((subscriber) => source.subscribe({
            next: (event) => subscriber.next(event),
            error: (error) => {
                refused(error);
                subscriber.error(error);
            },
            complete: () => subscriber.complete(),
        }));
    }
}
function refusalEvent(reason, request, caller, error) {
    const params = request.params;
    const name = typeof params?.name === 'string' ? params.name : params?.uri;
    const data = error.data;
    return {
        type: 'call.refused',
        reason,
        method: request.method,
        ...(typeof name === 'string' ? { name } : {}),
        ...(typeof data?.upstream === 'string' ? { upstream: data.upstream } : {}),
        ...(caller.sessionId === undefined ? {} : { sessionId: caller.sessionId }),
        ...(caller.principal === undefined ? {} : { principal: caller.principal }),
        code: error.code,
        message: error.message,
    };
}
//# sourceMappingURL=events.js.map