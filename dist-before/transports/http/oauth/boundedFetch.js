/**
 * The one way the OAuth client (and the facade's JWKS) fetches: every discovery, metadata,
 * registration, token and JWKS request goes through `boundedFetch`, so an upstream that names
 * the URLs cannot make mcp-mux read without end, wait without end, or follow a redirect past
 * the rules its first URL had to pass.
 *
 * - **URL rule on every hop**: `checkUrl` (default `requireSecureUrl`: HTTPS, or HTTP to a
 *   loopback literal) before the first request and before each redirect.
 * - **Redirects**: followed only for GET/HEAD without `redirect: 'manual'`, only within the
 *   same origin, at most `maxRedirects` (3). A redirect to another origin is refused, not
 *   returned: a discovery document has no reason to live elsewhere than it was announced, and a
 *   302 is how a remote server would steer the router at its own loopback. With
 *   `redirect: 'manual'` (oauth4webapi, jose) the 3xx is handed back as it is.
 * - **Body cap**: `maxBytes` (1 MiB) of the decoded body, read as a stream; a declared
 *   `Content-Length` past it is refused before reading, a stream past it is cancelled at the
 *   first chunk that crosses it (the connection is closed, the rest never read).
 * - **Time**: `timeoutMs` (10 s) for the whole exchange, body included (a timer, so tests drive
 *   it with fake timers).
 *
 * The answer is a new `Response` holding the whole (bounded) body, so callers and libraries
 * read it as usual.
 */
import { requireSecureUrl } from './urlPolicy.js';
export const MAX_OAUTH_BODY_BYTES = 1024 * 1024;
export const OAUTH_TIMEOUT_MS = 10_000;
export const MAX_OAUTH_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
export async function boundedFetch(input, init = {}, options = {}) {
    const maxBytes = options.maxBytes ?? MAX_OAUTH_BODY_BYTES;
    const timeoutMs = options.timeoutMs ?? OAUTH_TIMEOUT_MS;
    const maxRedirects = options.maxRedirects ?? MAX_OAUTH_REDIRECTS;
    const checkUrl = options.checkUrl ?? requireSecureUrl;
    const method = (init.method ?? 'GET').toUpperCase();
    const follow = init.redirect !== 'manual' && (method === 'GET' || method === 'HEAD');
    const controller = new AbortController();
    const first = new URL(input);
    const timeout = new Error(`${first.origin} did not answer within ${timeoutMs} ms`);
    timeout.name = 'TimeoutError';
    const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
    const signal = init.signal
        ? AbortSignal.any([init.signal, controller.signal])
        : controller.signal;
    try {
        let url = first;
        for (let hop = 0;; hop++) {
            checkUrl(url);
            const res = await fetch(url, { ...init, redirect: 'manual', signal });
            const location = res.headers.get('location');
            if (!follow || !REDIRECTS.has(res.status) || location === null) {
                return await buffered(res, url, maxBytes, controller);
            }
            await res.body?.cancel();
            const next = new URL(location, url);
            if (next.origin !== url.origin) {
                throw new Error(`refusing the redirect from ${url.origin} to ${next.origin}`);
            }
            if (hop >= maxRedirects)
                throw new Error(`more than ${maxRedirects} redirects at ${url.origin}`);
            url = next;
        }
    }
    catch (error) {
        throw controller.signal.aborted && controller.signal.reason === timeout ? timeout : error;
    }
    finally {
        clearTimeout(timer);
    }
}
async function buffered(res, url, maxBytes, controller) {
    const tooLarge = () => {
        controller.abort();
        return new Error(`the response of ${url.origin} is larger than ${maxBytes} bytes; refused`);
    };
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
        await res.body?.cancel().catch(() => { });
        throw tooLarge();
    }
    const chunks = [];
    let total = 0;
    const reader = res.body?.getReader();
    for (;;) {
        const chunk = reader ? await reader.read() : { done: true, value: undefined };
        if (chunk.done)
            break;
        total += chunk.value.byteLength;
        if (total > maxBytes) {
            await reader?.cancel().catch(() => { });
            throw tooLarge();
        }
        chunks.push(chunk.value);
    }
    const body = NULL_BODY.has(res.status) ? null : Buffer.concat(chunks);
    return new Response(body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
    });
}
/** `boundedFetch` in the shape oauth4webapi's and jose's `customFetch` option expect. */
export const customFetchOf = (options = {}) => (url, init) => boundedFetch(url, init, options);
//# sourceMappingURL=boundedFetch.js.map