export const OBSERVE_PATHS = new Set(['/metrics', '/healthz', '/readyz']);
function sendJson(res, answer) {
    const body = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
    });
    res.end(body);
}
/** Answers one of `OBSERVE_PATHS`; false when `pathname` is not one of them (or is off). */
export async function serveObserve(endpoints, pathname, req, res) {
    if (!OBSERVE_PATHS.has(pathname))
        return false;
    if (pathname === '/metrics' && endpoints.metrics === undefined)
        return false;
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 });
        res.end();
        return true;
    }
    if (pathname === '/healthz')
        sendJson(res, endpoints.health());
    else if (pathname === '/readyz')
        sendJson(res, endpoints.ready());
    else if (endpoints.metrics) {
        const { contentType, body } = await endpoints.metrics();
        res.writeHead(200, {
            'content-type': contentType,
            'cache-control': 'no-store',
            'content-length': Buffer.byteLength(body),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
    }
    return true;
}
//# sourceMappingURL=observeRoutes.js.map