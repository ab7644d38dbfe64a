import { ErrorCode, toRpcError } from '../errors/index.js';
import { SourceHolder } from '../operators/index.js';
import { failure, success, } from './jsonrpc.js';
export class InboundRequest extends SourceHolder {
    id;
    method;
    progressToken;
    /** The batch this request came in, whose single reply carries its response. */
    batch;
    #host;
    #settled = false;
    #controller;
    /** Set when abandoned before the handler read `signal`: the signal is then born aborted. */
    #abortReason;
    constructor(host, id, method, progressToken, batch) {
        super();
        this.#host = host;
        this.id = id;
        this.method = method;
        if (progressToken !== undefined)
            this.progressToken = progressToken;
        this.batch = batch;
    }
    get signal() {
        if (this.#controller === undefined) {
            this.#controller = new AbortController();
            if (this.#abortReason !== undefined)
                this.#controller.abort(this.#abortReason);
        }
        return this.#controller.signal;
    }
    /** The handler answered, failed, or was abandoned. */
    get settled() {
        return this.#settled;
    }
    next(event) {
        if (this.#settled)
            return;
        if (event.kind === 'progress') {
            if (this.progressToken !== undefined)
                this.#host.progress(this, event.params);
            return;
        }
        this.#finish();
        this.#host.respond(this, success(this.id, event.result));
    }
    error(error) {
        if (this.#settled)
            return;
        this.#finish();
        this.#host.respond(this, failure(this.id, toRpcError(error).toJSON()));
    }
    complete() {
        if (this.#settled)
            return;
        this.#finish();
        this.#host.respond(this, failure(this.id, {
            code: ErrorCode.InternalError,
            message: `Internal error: the handler of ${this.method} completed without a result`,
        }));
    }
    /**
     * Ends the handler without a response (the peer cancelled, or the connection closed):
     * unsubscribes it and aborts its signal with `reason`. The caller removes the table entry.
     */
    abandon(reason) {
        if (this.#settled)
            return;
        this.#finish();
        this.#abortReason = reason;
        this.#controller?.abort(reason);
    }
    /** Settled: the handler's subscription (held: this is its subscriber) ends. */
    #finish() {
        this.#settled = true;
        this.unsubscribe();
    }
}
//# sourceMappingURL=inboundRequest.js.map