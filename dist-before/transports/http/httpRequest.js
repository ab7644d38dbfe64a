/**
 * One HTTP request of the client transports on `node:http` / `node:https`, through a
 * keep-alive `Agent` the transport owns (global `fetch`, undici, cost ~1 ms of CPU per request
 * and capped an HTTP upstream at ~1k req/s; see bench/notes/2026-11-21-router-profile.md). Resolves with the response
 * once its headers arrived; the caller must consume the body (`readText`, `pumpSse`) or
 * `discard` it, or the socket never returns to the pool.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
/** The request failed before any response (refused, reset, DNS, TLS): the server is unreachable. */
export class HttpConnectError extends Error {
    constructor(url, cause) {
        super(`cannot reach ${url.origin}: ${String(cause)}`, { cause });
        this.name = 'HttpConnectError';
    }
}
/** A keep-alive agent for `url`'s scheme, `maxSockets` connections per origin at most. */
export function createAgent(url, maxSockets) {
    const options = { keepAlive: true, maxSockets, scheduling: 'lifo' };
    return url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
}
export function sendRequest(url, agent, options) {
    return new Promise((resolve, reject) => {
        const headers = { ...options.headers };
        if (options.body !== undefined)
            headers['content-length'] = Buffer.byteLength(options.body);
        const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const { signal } = options;
        if (signal?.aborted) {
            reject(abortError(signal));
            return;
        }
        let req;
        try {
            req = make(url, { method: options.method, headers, agent });
        }
        catch (error) {
            // An invalid header value (e.g. a newline in a configured header) throws synchronously.
            reject(error);
            return;
        }
        if (signal) {
            // Not node's `signal` option: it watches each request with `finished()` (a dozen
            // listeners per request). One listener, removed when the request closes (after its
            // response ended, or on destroy), does the same: abort destroys the request and so its
            // response stream.
            const onAbort = () => {
                req.destroy(abortError(signal));
            };
            signal.addEventListener('abort', onAbort, { once: true });
            req.once('close', () => signal.removeEventListener('abort', onAbort));
        }
        req.once('response', resolve);
        req.once('error', (error) => {
            reject(error.name === 'AbortError' ? error : new HttpConnectError(url, error));
        });
        req.end(options.body);
    });
}
const abortError = (signal) => new DOMException(`the request was aborted: ${String(signal.reason)}`, 'AbortError');
/** Reads and drops the rest of a body so the socket can be reused. */
export function discard(res) {
    res.resume();
}
export function isOk(res) {
    const status = res.statusCode ?? 0;
    return status >= 200 && status < 300;
}
/** The media type of `Content-Type`, lower case, without parameters. */
export function mediaType(res) {
    return res.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}
/** A single-valued response header (the first value when repeated). */
export function header(res, name) {
    const value = res.headers[name];
    return Array.isArray(value) ? value[0] : value;
}
//# sourceMappingURL=httpRequest.js.map