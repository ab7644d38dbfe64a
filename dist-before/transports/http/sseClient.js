/**
 * The legacy HTTP+SSE client (2024-11-05): GET the SSE URL, wait for the `endpoint` event,
 * resolve it against the SSE URL (same origin only: a server must not redirect our messages
 * elsewhere), then POST each message there; replies arrive as `message` events. POSTs are
 * sent one after another, so the server sees messages in order. The transport ends when the
 * stream ends. Requests go through `node:http(s)` with a keep-alive agent this transport owns.
 */
import { silentLogger } from '../../core/log/index.js';
import { FrameError, stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { pumpSse } from './httpBody.js';
import { createAgent, discard, isOk, mediaType, sendRequest, } from './httpRequest.js';
import { SseParser } from './sseParser.js';
export class SseClientTransport extends BaseTransport {
    url;
    #options;
    #agent;
    #log;
    #abort = new AbortController();
    #started;
    #chain = Promise.resolve();
    constructor(url, options = {}) {
        super();
        this.url = new URL(url);
        this.#options = options;
        this.#agent = createAgent(this.url, options.maxSockets ?? 64);
        this.#log = options.log ?? silentLogger;
    }
    /** Opens the stream and resolves once the `endpoint` event arrived. */
    async start() {
        await this.#endpoint();
    }
    /** `relatedRequestId` is meaningless client-side: every POST is its own stream. */
    send(message, _options) {
        if (!this.isOpen)
            return;
        const endpoint = this.#endpoint();
        this.#chain = this.#chain.then(async () => {
            const target = await endpoint.catch(() => undefined);
            if (!target || !this.isOpen)
                return;
            try {
                const res = await sendRequest(target, this.#agent, {
                    method: 'POST',
                    headers: { ...this.#options.headers, 'content-type': 'application/json' },
                    body: stringifyMessage(message),
                    signal: this.#abort.signal,
                });
                discard(res);
                if (res.statusCode === 404)
                    this.#fail(new Error('HTTP 404: the SSE session is gone'));
                else if (!isOk(res))
                    this.#log.warn('the server refused a message', { status: res.statusCode });
            }
            catch (error) {
                if (this.isOpen)
                    this.#fail(new Error(`POST failed: ${String(error)}`));
            }
        });
    }
    async close() {
        this.finish({ kind: 'local' });
    }
    onFinish() {
        this.#abort.abort();
        this.#agent.destroy();
    }
    #endpoint() {
        this.#started ??= this.#open();
        return this.#started;
    }
    async #open() {
        let resolveEndpoint;
        let rejectEndpoint;
        const endpoint = new Promise((resolve, reject) => {
            resolveEndpoint = resolve;
            rejectEndpoint = reject;
        });
        let known;
        const res = await sendRequest(this.url, this.#agent, {
            method: 'GET',
            headers: { ...this.#options.headers, accept: 'text/event-stream' },
            signal: this.#abort.signal,
        }).catch((error) => {
            throw this.#fail(new Error(`cannot reach ${this.url.origin}: ${String(error)}`));
        });
        if (!isOk(res) || mediaType(res) !== 'text/event-stream') {
            discard(res);
            throw this.#fail(new Error(`HTTP ${res.statusCode}: no SSE stream at ${this.url.href}`));
        }
        const parser = new SseParser({
            onEvent: (event) => {
                if (event.type === 'endpoint' && known === undefined) {
                    const target = new URL(event.data, this.url);
                    if (target.origin !== this.url.origin) {
                        rejectEndpoint(this.#fail(new Error(`endpoint ${target.href} is not same-origin`)));
                        return;
                    }
                    known = target;
                    resolveEndpoint(target);
                }
                else if (event.type === 'message' && event.data !== '')
                    this.emitText(event.data, undefined, this.#options.rawMinChars);
            },
            onError: (error) => this.emitError(new FrameError('too-large', error.message)),
        }, { maxChars: this.#options.maxMessageBytes ?? 64 * 1024 * 1024 });
        pumpSse(res, parser, () => !this.isOpen)
            .then(() => this.finish({ kind: 'remote' }), (error) => this.#fail(new Error(`SSE stream broke: ${String(error)}`)))
            .finally(() => rejectEndpoint(new Error('the SSE stream ended before the endpoint event')));
        return endpoint;
    }
    #fail(error) {
        if (this.isOpen)
            this.#log.warn('closing the upstream transport', { error: error.message });
        this.finish({ kind: 'error', error });
        return error;
    }
}
//# sourceMappingURL=sseClient.js.map