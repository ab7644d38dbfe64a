/**
 * The Streamable HTTP client (upstream side). Each message is one POST; responses come as one
 * JSON body or an SSE stream. The first POST's `Mcp-Session-Id` is sent on every later request,
 * and so is `MCP-Protocol-Version` once the upper layer calls `setProtocolVersion`. Once a
 * session exists a GET stream carries server-initiated messages (405: none). A dropped SSE
 * stream is resumed with `Last-Event-ID` after the server's `retry` delay, a bounded number of
 * times. `close()` sends DELETE.
 *
 * Order: until the first response arrives, and for every notification or response, the next
 * POST waits for this one's headers, so `initialize` gets its session before anything else and
 * notifications reach the server in order; requests after that run concurrently.
 *
 * Failures: 404 on a request carrying a session id means the session expired, and 401/403 that
 * access is refused: the transport closes with an error (the supervisor reconnects). Any other
 * failure of a POST (an HTTP error without a JSON-RPC body, a stream lost beyond resumption)
 * is answered locally with a JSON-RPC error response for each request it carried, so callers
 * fail at once instead of waiting for their timeout. A 2xx answer that carries no response to
 * a request (a body that is not JSON, JSON that is not its JSON-RPC response, another content
 * type) fails that request at once as an invalid response (`FrameError('parse')` with its
 * `id` and `response`): the server answered, so it is not reported unavailable.
 *
 * Requests go through `node:http(s)` with a keep-alive agent this transport owns (see
 * `httpRequest.ts`), destroyed when the transport ends.
 *
 * Exchanges: each POST (with the GET that resumes its stream) is one exchange with its own
 * AbortController, so no signal collects a listener per request. `abandon(id)` (the upper
 * layer stopped waiting: timeout, cancel) ends the exchange once none of its requests is still
 * awaited: the request and its response stream are destroyed and the socket leaves the pool.
 * Without that, every timed-out call to a hanging server would hold one of `maxSockets`
 * connections until the server answered, and once all were held every later call, pings
 * included, would wait for one.
 */
import { ErrorCode } from '../../core/errors/index.js';
import { silentLogger } from '../../core/log/index.js';
import { traceHeadersOf } from '../../core/observe/index.js';
import { decodeMessage, FrameError, stringifyMessage, } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { pumpSse, readText } from './httpBody.js';
import { createAgent, discard, HttpConnectError, header, isOk, mediaType, sendRequest, } from './httpRequest.js';
import { idKey, requestIds, responseIds } from './messageShape.js';
import { postWithAuth } from './postWithAuth.js';
import { SseParser } from './sseParser.js';
import { sleep } from './streamableHttpClientOptions.js';
export class StreamableHttpClientTransport extends BaseTransport {
    url;
    #options;
    #agent;
    #log;
    /** Aborted when the transport ends: stops retry sleeps. Requests use their exchange's. */
    #abort = new AbortController();
    /** Every exchange (and GET stream) in progress, aborted when the transport ends. */
    #live = new Set();
    /** Exchanges by the idKey of each request they carry. */
    #exchanges = new Map();
    #chain = Promise.resolve();
    #sessionId;
    #protocolVersion;
    #answered = false;
    #probe;
    /** A DELETE is being sent: the agent is destroyed after it rather than on finish. */
    #deleting = false;
    /** `#postHeaders()`, cleared when the session id or the protocol version is set. */
    #postBase;
    constructor(url, options = {}) {
        super();
        this.url = new URL(url);
        this.#options = options;
        this.#agent = createAgent(this.url, options.maxSockets ?? 64);
        this.#log = options.log ?? silentLogger;
        this.#protocolVersion = options.protocolVersion;
        this.#probe = options.probe;
    }
    get sessionId() {
        return this.#sessionId;
    }
    /** Nothing to connect ahead of the first message: HTTP is request-driven. */
    async start() { }
    setProtocolVersion(version) {
        this.#protocolVersion = version;
        this.#postBase = undefined;
    }
    /**
     * `relatedRequestId` is meaningless client-side: every POST is its own stream.
     * `headers` go on this message's POST (over the transport's own).
     */
    send(message, options) {
        if (!this.isOpen)
            return;
        const extra = options?.headers;
        this.#chain = this.#chain
            .then(() => this.#post(message, extra))
            .catch((error) => this.#onFailure(error, requestIds(message)));
    }
    async close() {
        const sessionId = this.#sessionId;
        this.#deleting = this.isOpen && sessionId !== undefined;
        if (!this.finish({ kind: 'local' }) || sessionId === undefined)
            return;
        try {
            const res = await this.#request({
                method: 'DELETE',
                headers: this.#headers({}, sessionId),
                signal: AbortSignal.timeout(2000),
            });
            discard(res);
        }
        catch (error) {
            this.#log.debug('DELETE of the session failed', { error: String(error) });
        }
        finally {
            this.#agent.destroy();
        }
    }
    /**
     * The upper layer no longer waits for the response to request `id` (it timed out or was
     * cancelled): its exchange ends once it carries no other awaited request.
     */
    abandon(id) {
        const key = idKey(id);
        const exchange = this.#exchanges.get(key);
        if (exchange === undefined)
            return;
        this.#exchanges.delete(key);
        exchange.pending.delete(key);
        if (exchange.pending.size === 0)
            exchange.controller.abort();
    }
    /** Exchanges in progress (for tests and stats). */
    get openExchanges() {
        return this.#live.size;
    }
    onFinish() {
        this.#abort.abort();
        for (const controller of this.#live)
            controller.abort();
        this.#live.clear();
        this.#exchanges.clear();
        if (!this.#deleting)
            this.#agent.destroy();
    }
    /** Every request goes through here; with `auth`, its credential headers are added. */
    #request(options) {
        const auth = this.#options.auth;
        if (!auth)
            return sendRequest(this.url, this.#agent, options);
        return auth.headers(options.method, this.url).then((credentials) => sendRequest(this.url, this.#agent, {
            ...options,
            headers: { ...options.headers, ...credentials },
        }));
    }
    #headers(extra, sessionId = this.#sessionId) {
        const headers = { ...this.#options.headers, ...extra };
        if (sessionId !== undefined)
            headers['mcp-session-id'] = sessionId;
        if (this.#protocolVersion !== undefined)
            headers['mcp-protocol-version'] = this.#protocolVersion;
        return headers;
    }
    /** Starts one POST; resolves when the next POST may start (see "Order" above). */
    async #post(message, extra) {
        if (!this.isOpen)
            return;
        const ids = requestIds(message);
        const sentSession = this.#sessionId !== undefined;
        const exchange = this.#openExchange(ids);
        const trace = traceHeadersOf(message);
        const response = this.#postAuthorized(stringifyMessage(message), exchange.controller.signal, 
        // The trace in `_meta` goes in the W3C headers too (core/observe/traceContext.ts).
        extra === undefined ? trace : { ...trace, ...extra });
        // The handler is attached first, so a session id is recorded before the next POST starts.
        response
            .then((res) => this.#onResponse(res, exchange, sentSession))
            .catch((error) => {
            // An abandoned exchange was aborted on purpose: nobody waits for its requests.
            if (exchange.pending.size > 0)
                this.#onFailure(error, [...exchange.pending.values()]);
        })
            .finally(() => this.#closeExchange(exchange));
        if (ids.length === 0 || !this.#answered)
            await response.then(() => { }, () => { });
    }
    /** One POST; with `auth`, sent again after a 401/403 it could answer (a few times at most). */
    #postAuthorized(body, signal, extra) {
        // Headers are read at each attempt: the session id or version may have come meanwhile.
        const send = () => {
            const base = this.#postHeaders();
            const headers = extra === undefined ? base : { ...base, ...extra };
            return this.#request({ method: 'POST', headers, body, signal });
        };
        const auth = this.#options.auth;
        return auth ? postWithAuth(auth, send) : send();
    }
    /** The headers of every POST, built again only when the session id or version changes. */
    #postHeaders() {
        this.#postBase ??= this.#headers({
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
        });
        return this.#postBase;
    }
    #openExchange(ids) {
        const exchange = {
            controller: new AbortController(),
            pending: new Map(ids.map((id) => [idKey(id), id])),
        };
        this.#live.add(exchange.controller);
        for (const key of exchange.pending.keys())
            this.#exchanges.set(key, exchange);
        return exchange;
    }
    #closeExchange(exchange) {
        this.#live.delete(exchange.controller);
        for (const key of exchange.pending.keys()) {
            if (this.#exchanges.get(key) === exchange)
                this.#exchanges.delete(key);
        }
    }
    async #onResponse(res, exchange, sentSession) {
        const status = res.statusCode ?? 0;
        const ok = isOk(res);
        if (this.#probe) {
            const probe = this.#probe;
            this.#probe = undefined;
            if (probe(status)) {
                discard(res);
                this.finish({ kind: 'local' });
                return;
            }
        }
        this.#answered = true;
        const sessionId = header(res, 'mcp-session-id');
        if (sessionId !== undefined && this.#sessionId === undefined && ok) {
            this.#sessionId = sessionId;
            this.#postBase = undefined;
            if (this.#options.openGetStream ?? true)
                this.#listen(undefined, 0);
        }
        if (status === 404 && sentSession) {
            discard(res);
            this.#fail(new Error(`HTTP 404 for session ${this.#sessionId}: the session expired`));
            return;
        }
        if (status === 401 || status === 403) {
            discard(res);
            this.#fail(new Error(`HTTP ${status} from ${this.url.origin}: access refused`));
            return;
        }
        const type = mediaType(res);
        if (ok && type === 'text/event-stream') {
            await this.#stream(res, exchange);
            return;
        }
        if (status === 202 || exchange.pending.size === 0) {
            if (!ok)
                this.#log.warn('the server refused a message', { status });
            discard(res);
            return;
        }
        const text = await readText(res, this.#maxBytes());
        let answered = new Set();
        let json = type === 'application/json';
        if (json) {
            try {
                const value = decodeMessage(text, this.#options.rawMinChars);
                answered = new Set(responseIds(value).map(idKey));
                if (answered.size > 0 || ok)
                    this.emitMessage(value);
            }
            catch {
                json = false;
            }
        }
        const missing = [...exchange.pending.values()].filter((id) => !answered.has(idKey(id)));
        if (missing.length === 0)
            return;
        if (!ok) {
            this.#answerLocally(missing, `HTTP ${status} from the upstream`);
            return;
        }
        // A success that answers nothing: the server is up, its answer is broken. Each request
        // fails now with an invalid-response error (not -32011: the upstream is not down).
        const why = json
            ? `HTTP ${status} with a JSON body that is not a JSON-RPC response to it`
            : type === 'application/json'
                ? `HTTP ${status} with an application/json body that is not JSON`
                : `HTTP ${status} with Content-Type ${type || '(none)'}, not a JSON-RPC response`;
        for (const id of missing)
            this.emitError(new FrameError('parse', why, { id, response: true }));
    }
    /** Reads an SSE body, resuming it with `Last-Event-ID` while requests are unanswered. */
    async #stream(body, exchange) {
        const { pending } = exchange;
        let retryMs = this.#options.reconnectDelayMs ?? 1000;
        let progressed = false;
        const parser = new SseParser({
            onEvent: (event) => {
                if (event.type !== 'message' || event.data === '')
                    return;
                progressed = true;
                let value;
                try {
                    value = decodeMessage(event.data, this.#options.rawMinChars);
                }
                catch {
                    this.emitError(new FrameError('parse', 'Parse error: an SSE event is not JSON'));
                    return;
                }
                for (const key of responseIds(value).map(idKey)) {
                    pending.delete(key);
                    if (this.#exchanges.get(key) === exchange)
                        this.#exchanges.delete(key);
                }
                this.emitMessage(value);
            },
            onRetry: (ms) => {
                retryMs = ms;
            },
            onError: (error) => {
                // An event too large to read on a POST's stream is (almost always) its response:
                // the requests still awaited there fail now, naming the limit, instead of waiting.
                this.emitError(new FrameError('too-large', error.message));
                const waiting = [...pending.values()];
                for (const key of [...pending.keys()]) {
                    pending.delete(key);
                    if (this.#exchanges.get(key) === exchange)
                        this.#exchanges.delete(key);
                }
                this.#answerLocally(waiting, `the upstream's response was too large: ${error.message}`);
            },
        }, { maxChars: this.#maxBytes() });
        // Consecutive attempts that brought no new event (a broken or refused resumption).
        let failures = 0;
        let current = body;
        while (this.isOpen) {
            progressed = false;
            if (current) {
                try {
                    await pumpSse(current, parser, () => pending.size === 0);
                }
                catch (error) {
                    this.#log.debug('SSE stream broke', { error: String(error) });
                }
            }
            if (pending.size === 0 || !this.isOpen)
                return;
            failures = progressed ? 0 : failures + 1;
            if (parser.lastEventId === '' || failures > (this.#options.maxReconnects ?? 3))
                break;
            await sleep(retryMs, exchange.controller.signal);
            if (pending.size === 0)
                return;
            current = await this.#resume(parser.lastEventId, exchange.controller.signal);
        }
        if (!this.isOpen)
            return;
        const lost = [...pending.values()];
        this.#answerLocally(lost, 'the upstream SSE stream was lost before the response');
    }
    /**
     * The GET stream for server-initiated messages. A stream that ends (servers may close it to
     * make clients poll, with `retry`) is reopened after the retry delay, from its last event id;
     * only consecutive failed attempts count toward `maxReconnects`.
     */
    #listen(lastEventId, failures) {
        let retryMs = this.#options.reconnectDelayMs ?? 1000;
        const controller = new AbortController();
        this.#live.add(controller);
        const run = async () => {
            const headers = { accept: 'text/event-stream' };
            if (lastEventId !== undefined)
                headers['last-event-id'] = lastEventId;
            const res = await this.#request({
                method: 'GET',
                headers: this.#headers(headers),
                signal: controller.signal,
            });
            if (res.statusCode === 404) {
                discard(res);
                this.#fail(new Error(`HTTP 404 for session ${this.#sessionId}: the session expired`));
                return false;
            }
            if (res.statusCode === 405) {
                discard(res); // the server offers no GET stream
                return false;
            }
            if (!isOk(res)) {
                this.#log.warn('GET stream refused', { status: res.statusCode });
                discard(res);
                failures++;
                return true;
            }
            failures = 0;
            const parser = new SseParser({
                onEvent: (event) => {
                    if (event.type === 'message' && event.data !== '')
                        this.emitText(event.data);
                },
                onRetry: (ms) => {
                    retryMs = ms;
                },
                onError: (error) => this.emitError(new FrameError('too-large', error.message)),
            }, { maxChars: this.#maxBytes(), ...(lastEventId === undefined ? {} : { lastEventId }) });
            await pumpSse(res, parser).catch(() => { });
            lastEventId = parser.lastEventId || undefined;
            return true;
        };
        run()
            .catch((error) => {
            if (this.isOpen)
                this.#log.warn('GET stream failed', { error: String(error) });
            failures++;
            return true;
        })
            .then(async (again) => {
            this.#live.delete(controller);
            if (!again || !this.isOpen || failures > (this.#options.maxReconnects ?? 3))
                return;
            await sleep(retryMs, this.#abort.signal);
            if (this.isOpen)
                this.#listen(lastEventId, failures);
        })
            .catch(() => { });
    }
    async #resume(lastEventId, signal) {
        try {
            const res = await this.#request({
                method: 'GET',
                headers: this.#headers({ accept: 'text/event-stream', 'last-event-id': lastEventId }),
                signal,
            });
            if (isOk(res))
                return res;
            discard(res);
        }
        catch (error) {
            this.#log.debug('resumption failed', { error: String(error) });
        }
        return undefined;
    }
    #onFailure(error, ids) {
        if (!this.isOpen)
            return;
        if (error instanceof HttpConnectError && !this.#answered) {
            this.#fail(error); // the server cannot be reached at all
            return;
        }
        this.#log.warn('POST failed', { error: String(error) });
        this.#answerLocally(ids, `POST failed: ${String(error)}`);
    }
    #answerLocally(ids, message) {
        for (const id of ids) {
            this.emitMessage({
                jsonrpc: '2.0',
                id,
                error: { code: ErrorCode.UpstreamUnavailable, message },
            });
        }
    }
    #fail(error) {
        this.#log.warn('closing the upstream transport', { error: error.message });
        this.finish({ kind: 'error', error });
    }
    #maxBytes() {
        return this.#options.maxMessageBytes ?? 64 * 1024 * 1024;
    }
}
//# sourceMappingURL=streamableHttpClient.js.map