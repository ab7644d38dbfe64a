/**
 * The CLI's observability (bin/observe.ts) around a real Router over in-process upstreams: what
 * `/metrics`, `/healthz` and `/readyz` answer, the facades' byte counters in the scrape, and
 * `--no-metrics`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createObservability, upstreamSamples } from '../../bin/observe.js';
import type { Router } from '../../index.js';
import { startRouter } from '../actors/inProcess.js';

const routers: Router[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.close()));
});

async function router() {
  const started = await startRouter({ s: { command: 'x' }, t: { command: 'x' } });
  routers.push(started.router);
  return started;
}

describe('createObservability', () => {
  it('serves health, readiness and the metrics of a started router', async () => {
    const { router: r, config } = await router();
    const observability = createObservability(config, true);
    const endpoints = observability.endpoints(r);
    expect(endpoints.health()).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = endpoints.ready();
    expect(ready.status).toBe(200);
    expect(ready.body.upstreams.map((u) => [u.name, u.state])).toEqual([
      ['s', 'ready'],
      ['t', 'ready'],
    ]);
    const scrape = await endpoints.metrics?.();
    expect(scrape?.contentType).toContain('text/plain');
    expect(scrape?.body).toContain('mcp_mux_upstream_up{upstream="s"} 1');
    expect(scrape?.body).toContain('mcp_mux_upstream_tools{upstream="t"} 4');
  });

  it('is not ready while the router drains, though still alive', async () => {
    const { router: r, config } = await router();
    const endpoints = createObservability(config, true).endpoints(r);
    r.stopAccepting();
    expect(endpoints.ready().status).toBe(503);
    expect(endpoints.health().status).toBe(200);
  });

  it('counts each facade kind’s bytes once, in the scrape', async () => {
    const { router: r, config } = await router();
    const observability = createObservability(config, true);
    const endpoints = observability.endpoints(r);
    const http = observability.traffic('http');
    expect(observability.traffic('http')).toBe(http);
    http.add({ bytesRead: 10, bytesWritten: 25, once: () => undefined });
    observability.traffic('ws').add({ bytesRead: 1, bytesWritten: 2, once: () => undefined });
    const body = (await endpoints.metrics?.())?.body ?? '';
    const line = (name: string, transport: string) =>
      body.split('\n').find((l) => l.startsWith(name) && l.includes(`transport="${transport}"`));
    expect(line('mcp_mux_received_bytes_total', 'http')).toMatch(/ 10$/);
    expect(line('mcp_mux_sent_bytes_total', 'http')).toMatch(/ 25$/);
    expect(line('mcp_mux_sent_bytes_total', 'ws')).toMatch(/ 2$/);
  });

  it('with --no-metrics: no registry, no /metrics, health and readiness still served', async () => {
    const { router: r, config } = await router();
    const observability = createObservability(config, false);
    expect(observability.metrics).toBeUndefined();
    const endpoints = observability.endpoints(r);
    expect(endpoints.metrics).toBeUndefined();
    expect(endpoints.ready().status).toBe(200);
    observability.traffic('http').add({ bytesRead: 1, bytesWritten: 1, once: () => undefined });
  });
});

describe('upstreamSamples', () => {
  it('reads each upstream’s state, tools, load and restarts', async () => {
    const { router: r } = await router();
    expect(upstreamSamples(r)).toEqual([
      expect.objectContaining({
        name: 's',
        state: 'ready',
        tools: 4,
        queued: 0,
        running: 0,
        totalRestarts: 0,
      }),
      expect.objectContaining({
        name: 't',
        state: 'ready',
        tools: 4,
        queued: 0,
        running: 0,
        totalRestarts: 0,
      }),
    ]);
  });
});
