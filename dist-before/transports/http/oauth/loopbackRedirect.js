/**
 * The loopback redirect listener of an interactive login (RFC 8252 §7.3): listens on the
 * redirect URI's host and port, answers the first request to its path with a short page, and
 * resolves with that request's query parameters. Anything else gets 404. It closes itself
 * after the redirect, on timeout, or on `close()`.
 */
import { createServer } from 'node:http';
const PAGE = '<!doctype html><meta charset="utf-8"><title>mcp-mux</title><p>mcp-mux received the authorization. You can close this window.</p>';
export async function listenForRedirect(redirectUri, timeoutMs = 300_000) {
    const uri = new URL(redirectUri);
    if (uri.protocol !== 'http:')
        throw new Error(`the redirect URI must be http://127.0.0.1:PORT/…, got ${redirectUri}`);
    let resolve;
    let reject;
    const parameters = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
    });
    const server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', uri);
        if (req.method !== 'GET' || url.pathname !== uri.pathname) {
            res.writeHead(404).end();
            return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
        res.end(PAGE);
        resolve(url.searchParams);
        close();
    });
    const timer = setTimeout(() => {
        reject(new Error(`no authorization arrived at ${redirectUri} within ${timeoutMs / 1000} s`));
        close();
    }, timeoutMs);
    timer.unref();
    const close = () => {
        clearTimeout(timer);
        server.close();
        server.closeAllConnections();
        reject(new Error('the login was abandoned'));
    };
    const host = uri.hostname.replace(/^\[|\]$/g, '');
    await new Promise((ok, fail) => {
        server.once('error', fail);
        server.listen(Number(uri.port || 80), host, () => ok());
    });
    const bound = new URL(uri);
    bound.port = String(server.address().port);
    return { redirectUri: bound.href, parameters, close };
}
//# sourceMappingURL=loopbackRedirect.js.map