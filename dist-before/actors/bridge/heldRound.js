import { ErrorCode, RpcError } from '../../core/errors/index.js';
const SHORT = {
    'elicitation/create': 'elicitation',
    'sampling/createMessage': 'sampling',
    'roots/list': 'roots',
};
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The request as the client sees it: no upstream progress token. */
function inputRequest(request) {
    const out = { method: request.method };
    const params = request.params;
    if (!params)
        return out;
    const meta = params._meta;
    if (isObject(meta) && 'progressToken' in meta) {
        const { progressToken: _token, ...rest } = meta;
        const copy = { ...params, _meta: rest };
        if (Object.keys(rest).length === 0)
            delete copy._meta;
        out.params = copy;
    }
    else
        out.params = params;
    return out;
}
export class HeldRound {
    /** Set once the round holds its first request (the table's key). */
    id;
    /** The nonce of the `input_required` the client holds now; undefined while attached. */
    nonce;
    upstream;
    method;
    /** The originating request's params (digested when a state is first sealed). */
    params;
    /** `paramsDigest(params)`, computed once when needed (not on every modern call). */
    digest;
    principal;
    /** When it started, on the routing clock (the latest running round is the likely cause). */
    startedAt;
    /** The attached caller's context (its capabilities decide what may be asked). */
    context;
    #caller;
    #held = new Map();
    #nextKey = 1;
    #outcome;
    #upstreamCall;
    #timer;
    #ended = false;
    #table;
    constructor(table, init, context, startedAt) {
        this.#table = table;
        this.startedAt = startedAt;
        this.upstream = init.upstream;
        this.method = init.method;
        this.params = init.params;
        this.principal = init.principal;
        this.context = context;
    }
    get isEnded() {
        return this.#ended;
    }
    /** Whether the upstream call still runs (a server request from the upstream may be ours). */
    get isRunning() {
        return !this.#ended && this.#outcome === undefined;
    }
    /** Starts the upstream call; its events go to the attached caller or wait for the retry. */
    run(call) {
        this.#upstreamCall = call.subscribe({
            next: (event) => {
                if (event.kind === 'progress')
                    this.#caller?.next(event);
                else
                    this.#settle({ kind: 'result', event });
            },
            error: (error) => this.#settle({ kind: 'error', error }),
        });
    }
    /**
     * Attaches a client request (the first one, or a retry with its `inputResponses`). Answers
     * the held requests the responses name; others stay held and are asked again.
     */
    attach(caller, context, responses) {
        this.#timer?.unsubscribe();
        this.#timer = undefined;
        this.nonce = undefined;
        this.context = context;
        for (const [key, response] of Object.entries(responses ?? {})) {
            const held = this.#held.get(key);
            if (!held || !isObject(response))
                continue; // unknown keys are ignored (mrtr, "Error Handling")
            this.#held.delete(key);
            held.answer.next({ kind: 'result', result: response });
            held.answer.complete();
        }
        if (this.#outcome) {
            this.#deliver(caller, this.#outcome);
            return;
        }
        this.#caller = caller;
        if (this.#held.size > 0)
            this.#gather();
    }
    /** The attached caller went away (cancelled, or its connection closed): the round ends. */
    detach(caller) {
        if (this.#caller !== caller)
            return;
        this.#caller = undefined;
        this.end('the client cancelled its request');
    }
    /** Holds one server-to-client request of the upstream; false when the table is full. */
    hold(request, answer) {
        if (this.id === undefined && !this.#table.admit(this))
            return false;
        const key = `${SHORT[request.method] ?? 'input'}-${this.#nextKey++}`;
        this.#held.set(key, { key, request, answer });
        if (this.#caller)
            this.#gather();
        // The upstream cancelled its request, or its connection closed.
        return () => this.#held.delete(key);
    }
    /** Fails the attached caller (or the retry to come) with `error`, and ends the call upstream. */
    fail(error) {
        this.#upstreamCall?.unsubscribe();
        this.#settle({ kind: 'error', error });
    }
    /** Ends the round: held requests get an error, the upstream call is cancelled. Idempotent. */
    end(reason) {
        if (this.#ended)
            return;
        this.#ended = true;
        this.#timer?.unsubscribe();
        this.#failHeld(`mcp-mux could not get the modern client's answer: ${reason}`);
        this.#upstreamCall?.unsubscribe();
        const caller = this.#caller;
        this.#caller = undefined;
        caller?.error(new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, {
            upstream: this.upstream,
            reason: 'bridge-ended',
        }));
        this.#table.ended(this);
    }
    #failHeld(message) {
        for (const held of this.#held.values()) {
            held.answer.error(new RpcError(ErrorCode.RequestCancelled, message, { reason: 'input-unavailable' }));
        }
        this.#held.clear();
    }
    #settle(outcome) {
        if (this.#outcome || this.#ended)
            return;
        this.#outcome = outcome;
        const caller = this.#caller;
        if (caller)
            this.#deliver(caller, outcome);
        // Else the retry collects it (or the TTL ends the round).
    }
    #deliver(caller, outcome) {
        this.#caller = undefined;
        this.#ended = true;
        this.#timer?.unsubscribe();
        this.#failHeld('the request that caused it has ended');
        this.#upstreamCall?.unsubscribe();
        this.#table.ended(this);
        if (outcome.kind === 'error')
            caller.error(outcome.error);
        else {
            caller.next(outcome.event);
            caller.complete();
        }
    }
    /** Issues the held requests after the gathering window (once per window). */
    #gather() {
        if (this.#timer)
            return;
        this.#timer = this.#table.schedule(() => {
            this.#timer = undefined;
            this.#issue();
        }, this.#table.gatherMs);
    }
    #issue() {
        const caller = this.#caller;
        if (!caller || this.#held.size === 0)
            return;
        const inputRequests = {};
        for (const held of this.#held.values())
            inputRequests[held.key] = inputRequest(held.request);
        const requestState = this.#table.issue(this);
        this.#caller = undefined;
        this.#timer = this.#table.schedule(() => this.end(`it did not retry within ${this.#table.ttlMs} ms`), this.#table.ttlMs);
        caller.next({
            kind: 'result',
            result: { resultType: 'input_required', inputRequests, requestState },
        });
        caller.complete();
    }
}
//# sourceMappingURL=heldRound.js.map