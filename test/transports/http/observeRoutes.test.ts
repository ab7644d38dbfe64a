/** The operator's endpoints (transports/http/observeRoutes.ts) on a loopback `node:http` server. */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthAnswer } from '../../../core/observe/health.js';
import { type ObserveEndpoints, serveObserve } from '../../../transports/http/observeRoutes.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

const answer = (status: number, ready: boolean): HealthAnswer =>
  ({ status, body: { status: ready ? 'ok' : 'unavailable', upstreams: {} } }) as HealthAnswer;

/** A server where observe routes come first and anything else is answered 418 by the "app". */
async function start(endpoints: ObserveEndpoints): Promise<string> {
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    void serveObserve(endpoints, pathname, req, res).then((served) => {
      if (served) return;
      res.writeHead(418);
      res.end('app');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const endpoints: ObserveEndpoints = {
  metrics: async () => ({ contentType: 'text/plain; version=0.0.4', body: 'mux_up 1\n' }),
  health: () => answer(200, true),
  ready: () => answer(503, false),
};

describe('serveObserve', () => {
  it('serves /metrics, /healthz and /readyz (503 when not ready), never cached', async () => {
    const url = await start(endpoints);
    const metrics = await fetch(`${url}/metrics`);
    expect([metrics.status, metrics.headers.get('content-type'), await metrics.text()]).toEqual([
      200,
      'text/plain; version=0.0.4',
      'mux_up 1\n',
    ]);
    expect(metrics.headers.get('cache-control')).toBe('no-store');
    const health = await fetch(`${url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok', upstreams: {} }]);
    const ready = await fetch(`${url}/readyz?verbose=1`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toBe('application/json');
    expect(await ready.json()).toEqual({ status: 'unavailable', upstreams: {} });
  });

  it('answers HEAD without a body and other methods with 405 naming GET and HEAD', async () => {
    const url = await start(endpoints);
    const head = await fetch(`${url}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('9');
    expect(await head.text()).toBe('');
    const post = await fetch(`${url}/healthz`, { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('leaves every other path, and /metrics when metrics are off, to the caller', async () => {
    const { metrics: _off, ...noMetrics } = endpoints;
    const url = await start(noMetrics);
    for (const path of ['/metrics', '/mcp', '/healthz/x', '/']) {
      const res = await fetch(`${url}${path}`);
      expect([path, res.status, await res.text()]).toEqual([path, 418, 'app']);
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
