/**
 * The plumbing every network transport shares: the three observables of the contract and the
 * close-once rule. Subclasses call `emitText` / `emitMessage` for what they read, and `finish`
 * exactly where the transport ends; `finish` is idempotent, so racing ends (a local close and
 * a socket error) report only the first reason. Every message read passes the nesting bound
 * (`maxJsonDepth`) on its way to `messages$`.
 */
import { ReplaySubject, Subject } from 'rxjs';
import { DEFAULT_MAX_JSON_DEPTH, decodeMessage, exceedsDepth, FrameError, } from '../../core/rpc/index.js';
import { depthError } from './depthCheck.js';
export class BaseTransport {
    #messages = new Subject();
    #errors = new Subject();
    #closed = new ReplaySubject(1);
    messages$ = this.#messages.asObservable();
    errors$ = this.#errors.asObservable();
    closed$ = this.#closed.asObservable();
    #open = true;
    /**
     * Messages read that nest deeper are not passed on: `errors$` gets `FrameError('too-deep')`
     * with their id instead (transports/base/depthCheck.ts). Listeners set it from their options.
     */
    maxJsonDepth = DEFAULT_MAX_JSON_DEPTH;
    /** Who the peer is (server transports behind authentication): set by the listener. */
    principal = undefined;
    /** The profile named by the URL path (`/mcp/<name>`): set by the listener; a label only. */
    profile = undefined;
    get isOpen() {
        return this.#open;
    }
    get bufferedBytes() {
        return 0;
    }
    /**
     * Parses one frame of text and emits it, or emits a parse `FrameError`. Never throws.
     * `bytes`: the UTF-8 bytes the text was decoded from, if at hand (core/rpc/stringStops.ts);
     * `rawMinChars`: payloads kept raw from this length (`decodeMessage`, default 256).
     */
    emitText(text, bytes, rawMinChars) {
        let value;
        try {
            value = decodeMessage(text, rawMinChars, bytes);
        }
        catch {
            this.emitError(new FrameError('parse', 'Parse error: the message is not valid JSON'));
            return;
        }
        // A text of n characters nests at most n / 2 levels (each level opens and closes a
        // bracket): most messages are too short to need the walk of `emitMessage`.
        if (text.length <= 2 * this.maxJsonDepth) {
            if (this.#open)
                this.#messages.next(value);
            return;
        }
        this.emitMessage(value);
    }
    emitMessage(value) {
        if (!this.#open)
            return;
        if (Array.isArray(value) && exceedsDepth(value, this.maxJsonDepth + 1)) {
            // A batch: each item too deep is answered on its own, the others go on as the batch.
            const kept = [];
            for (const item of value) {
                const tooDeep = depthError(item, this.maxJsonDepth);
                if (tooDeep)
                    this.#errors.next(tooDeep);
                else
                    kept.push(item);
            }
            if (kept.length > 0)
                this.#messages.next(kept);
            return;
        }
        const tooDeep = depthError(value, this.maxJsonDepth);
        if (tooDeep)
            this.#errors.next(tooDeep);
        else
            this.#messages.next(value);
    }
    emitError(error) {
        if (this.#open)
            this.#errors.next(error);
    }
    /** Ends the transport once; returns false when it had already ended. */
    finish(reason) {
        if (!this.#open)
            return false;
        this.#open = false;
        this.#closed.next(reason);
        this.#closed.complete();
        this.#messages.complete();
        this.#errors.complete();
        this.onFinish(reason);
        return true;
    }
    /** Hook for subclasses: release sockets, timers and subjects of their own. */
    onFinish(_reason) { }
}
//# sourceMappingURL=baseTransport.js.map