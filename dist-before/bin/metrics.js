/**
 * `--metrics HOST:PORT`: a listener of its own for `/metrics`, `/healthz` and `/readyz`, for a
 * router that serves no HTTP facade (stdio only), or to keep scraping off the client port. It
 * serves nothing else, has no authentication (bind it to loopback or a private interface) and
 * answers 404 to every other path.
 */
import { createServer } from 'node:http';
import { listen } from '../transports/base/index.js';
import { serveObserve } from '../transports/http/index.js';
export async function startMetricsListener(host, port, endpoints, log) {
    const server = createServer((req, res) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        serveObserve(endpoints, pathname, req, res)
            .then((served) => {
            if (served)
                return;
            req.resume();
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not Found\n');
        })
            .catch((error) => {
            log.error('metrics request failed', { error: String(error) });
            if (!res.headersSent)
                res.writeHead(500);
            res.end();
        });
    });
    const bound = await listen(server, port, host);
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${urlHost}:${bound.port}`;
    log.info(`listening: metrics ${url}/metrics`);
    return {
        url,
        close: () => new Promise((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
        }),
    };
}
//# sourceMappingURL=metrics.js.map