/**
 * Era bridging, modern upstream → legacy client (basic/patterns/mrtr): an `input_required`
 * result of the upstream becomes real server-to-client requests (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`) to the legacy session that made the call; their
 * answers go back as `inputResponses`, with the upstream's `requestState` echoed byte for byte,
 * on a retry of the same request to the same upstream (a new upstream request id). Rounds repeat
 * until the upstream answers `complete` or `MAX_ROUNDS` is reached.
 *
 * One Observable for the whole exchange, so progress and cancellation keep working across
 * rounds: upstream progress of every round reaches the caller (its token is the connection's),
 * and unsubscribing cancels whatever runs now (the upstream call: `notifications/cancelled`
 * upstream; the client requests: `notifications/cancelled` to the client).
 *
 * Detection is by the result's shape, not by the upstream's era: a legacy upstream never sends
 * `resultType: "input_required"`.
 */
import { concatMap, defer, filter, forkJoin, map, Observable, of, } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { capabilityGap, missingRequiredClientCapability, SERVER_REQUEST_CAPABILITY, } from '../../core/mcp/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
import { RawJson } from '../../core/rpc/index.js';
/** Rounds before mcp-mux gives up on an upstream that keeps asking (the v2 SDK's default too). */
export const MAX_ROUNDS = 8;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Runs `call(params)` and answers each `input_required` it returns through `session`, retrying
 * with `inputResponses` and `requestState`.
 */
export function inputRounds(call, params, options) {
    return round$({ call, params, options, maxRounds: options.maxRounds ?? MAX_ROUNDS }, params, 1);
}
/**
 * Round `n` of an exchange: the call with `current` params. One object per subscription
 * (`RoundObserver`): every bridged request of a legacy session goes through it, and almost all
 * of them just pass (one check per result).
 */
function round$(exchange, current, n) {
    return new Observable((subscriber) => {
        const observer = new RoundObserver(exchange, n, subscriber);
        const call = exchange.call(current).subscribe(observer);
        if (call !== observer)
            observer.add(call);
        return handOver(subscriber, observer);
    });
}
/**
 * The subscriber of one round's call (a `Subscription` that is also its `Observer`: RxJS uses
 * it as it is and adds the call's teardown to it), and the teardown of the next round.
 */
class RoundObserver extends SourceHolder {
    /** A round required input: the next one (asking the client, then the retry) runs. */
    #continued = false;
    #exchange;
    #n;
    #subscriber;
    constructor(exchange, n, subscriber) {
        super();
        this.#exchange = exchange;
        this.#n = n;
        this.#subscriber = subscriber;
    }
    next(event) {
        const result = event.kind === 'result' ? interimOf(event.result) : undefined;
        if (result === undefined) {
            this.#subscriber.next(event);
            return;
        }
        const exchange = this.#exchange;
        const n = this.#n;
        const { options, maxRounds } = exchange;
        if (n >= maxRounds) {
            this.#subscriber.error(new RpcError(ErrorCode.InternalError, `upstream ${options.upstream} still required input after ${maxRounds} rounds`, { upstream: options.upstream, reason: 'too-many-rounds' }));
            return;
        }
        const { inputRequests, requestState } = result;
        this.#continued = true;
        const next = ask(isObject(inputRequests) ? inputRequests : {}, options)
            .pipe(concatMap((inputResponses) => {
            const retry = { ...exchange.params, inputResponses };
            if (typeof requestState === 'string')
                retry.requestState = requestState;
            return round$(exchange, retry, n + 1);
        }))
            .subscribe(this.#subscriber);
        this.add(next);
    }
    error(error) {
        this.#subscriber.error(error);
    }
    complete() {
        if (!this.#continued)
            this.#subscriber.complete();
    }
}
/** Sends every input request to the session (all at once); the answers by key. */
function ask(requests, options) {
    return defer(() => {
        const { session, upstream } = options;
        const entries = Object.entries(requests).filter(([, r]) => isObject(r));
        // Every request is checked before any is sent: a missing capability fails the call.
        for (const [, request] of entries) {
            const method = String(request.method);
            const params = isObject(request.params) ? request.params : undefined;
            const gap = capabilityGap(method, params, session.context.clientCapabilities, session.context.protocolVersion);
            if (gap) {
                const capability = SERVER_REQUEST_CAPABILITY[method];
                if (capability === undefined) {
                    throw new RpcError(ErrorCode.InternalError, `upstream ${upstream} asked for input with ${method}, which is not a client request`, { upstream });
                }
                throw missingRequiredClientCapability({ [capability]: {} }, `the upstream "${upstream}" needs ${method}: ${gap.reason}`);
            }
        }
        if (entries.length === 0)
            return of({});
        const related = options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId };
        return forkJoin(entries.map(([key, request]) => session.connection
            .request$(String(request.method), isObject(request.params) ? request.params : undefined, related)
            .pipe(filter((e) => e.kind === 'result'), map((e) => [key, e.result])))).pipe(map((answers) => Object.fromEntries(answers)));
    });
}
/**
 * `result` when it is an `input_required` interim result. A raw result (forwarded as text,
 * core/rpc/envelopeScan.ts) is parsed only when its text can hold one.
 */
function interimOf(result) {
    const value = result;
    if (value instanceof RawJson) {
        if (!value.text.includes('"input_required"'))
            return undefined;
        const parsed = value.value();
        return parsed.resultType === 'input_required' ? parsed : undefined;
    }
    return result.resultType === 'input_required' ? result : undefined;
}
//# sourceMappingURL=inputRounds.js.map