/**
 * Observability of the real CLI: `/metrics` scraped after real traffic from an SDK
 * client (counters and histograms move by exactly what was sent), `/healthz` and `/readyz`
 * with their rules, the separate `--metrics` listener, a client's trace id reaching the
 * upstream (in `_meta` and from the HTTP `traceparent` header), JSON logs without secrets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePromText, type Sample } from '../../bin/promText.js';
import {
  clientTransport,
  INITIALIZE,
  POST_HEADERS,
  type Proc,
  rawRequest,
  spawnNode,
  startCli,
  until,
} from './cliNetwork.js';
import { cliPath, connectCli, fixture, root, writeConfig } from './harness.js';

const value = (samples: Sample[], name: string, labels: Record<string, string>): number =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(base: string): Promise<Sample[]> {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return parsePromText(await response.text());
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('observability of the CLI (HTTP facade, --metrics listener, JSON logs)', () => {
  let cli: Proc;
  let httpUrl: string;
  let base: string;
  let metricsBase: string;
  let client: Client;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        rec: fixture('recordingServer', { env: { API_SECRET: 'sekrit-env-value' } }),
        broken: fixture('exitServer', { restart: { maxRestarts: 1, initialDelayMs: 10 } }),
      },
      mcpMux: { metrics: { trackTools: ['echo-meta'] }, readiness: ['rec'] },
    });
    cli = await startCli(config, [
      '--http',
      '127.0.0.1:0',
      '--metrics',
      '127.0.0.1:0',
      '--log-format',
      'json',
    ]);
    // JSON log lines: the URL ends at the closing quote.
    httpUrl = /listening: http (http:\/\/[^\s"]+)/.exec(cli.output())?.[1] ?? '';
    base = new URL(httpUrl).origin;
    const metricsUrl = await until(
      () => /listening: metrics (http:\/\/[^\s"]+?)\/metrics/.exec(cli.output())?.[1],
      10_000,
      'the metrics listener',
    );
    metricsBase = metricsUrl;
    client = new Client({ name: 'observer-test', version: '1.0.0' });
    await client.connect(clientTransport('http', httpUrl));
    // Start-up settles once both upstreams are ready or failed.
    await until(async () => (await fetch(`${base}/readyz`)).status === 200, 15_000, 'readiness');
    // "broken" crashes twice (one restart allowed), then stays failed.
    await until(
      async () => {
        const samples = await scrape(base);
        return (
          value(samples, 'mcp_mux_upstream_restarts_total', { upstream: 'broken' }) === 1 &&
          value(samples, 'mcp_mux_upstream_state', { upstream: 'broken', state: 'failed' }) === 1
        );
      },
      15_000,
      'the broken upstream to give up',
    );
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await cli?.stop();
  });

  it('counts requests by upstream, method and outcome, with histograms, after real traffic', async () => {
    const before = await scrape(base);
    const calls = 5;
    for (let i = 0; i < calls; i++) {
      await client.callTool({ name: 'rec__echo-meta', arguments: { i } });
    }
    // Refused by the router (not in the catalog): never routed, never counted.
    await expect(client.callTool({ name: 'rec__nope', arguments: {} })).rejects.toThrow(/nope/);
    // Cancelled by the client while the upstream works on it.
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    await expect(
      client.callTool({ name: 'rec__wait', arguments: { ms: 30_000 } }, undefined, {
        signal: abort.signal,
      }),
    ).rejects.toThrow();
    const cancelled = { upstream: 'rec', method: 'tools/call', outcome: 'cancelled' };
    await until(
      async () => value(await scrape(base), 'mcp_mux_requests_total', cancelled) === 1,
      5_000,
      'the cancelled request counted',
    );
    const after = await scrape(base);
    const ok = { upstream: 'rec', method: 'tools/call', outcome: 'ok' };
    expect(
      value(after, 'mcp_mux_requests_total', ok) - value(before, 'mcp_mux_requests_total', ok),
    ).toBe(calls);
    const series = { upstream: 'rec', method: 'tools/call' };
    for (const histogram of [
      'mcp_mux_upstream_duration_seconds',
      'mcp_mux_router_duration_seconds',
      'mcp_mux_queue_wait_seconds',
    ]) {
      const count =
        value(after, `${histogram}_count`, series) - value(before, `${histogram}_count`, series);
      // The cancelled request was sent upstream: it has all three times too.
      expect(count, histogram).toBe(calls + 1);
      expect(value(after, `${histogram}_bucket`, { ...series, le: '+Inf' })).toBe(
        value(after, `${histogram}_count`, series),
      );
    }
    // Upstream time dominates: a process round trip is far more than the router's own time.
    expect(value(after, 'mcp_mux_upstream_duration_seconds_sum', series)).toBeGreaterThan(
      value(after, 'mcp_mux_router_duration_seconds_sum', series),
    );
    expect(
      value(after, 'mcp_mux_tool_calls_total', { upstream: 'rec', tool: 'echo-meta' }),
    ).toBeGreaterThanOrEqual(calls);
    // No tool label for untracked tools, and never a session label.
    expect(after.some((s) => s.labels.tool === 'nope')).toBe(false);
    expect(after.some((s) => 'session' in s.labels)).toBe(false);
    expect(value(after, 'mcp_mux_sessions', { transport: 'http', era: 'legacy' })).toBe(1);
    expect(value(after, 'mcp_mux_received_bytes_total', { transport: 'http' })).toBeGreaterThan(
      value(before, 'mcp_mux_received_bytes_total', { transport: 'http' }),
    );
    expect(value(after, 'mcp_mux_sent_bytes_total', { transport: 'http' })).toBeGreaterThan(0);
    expect(value(after, 'mcp_mux_upstream_up', { upstream: 'rec' })).toBe(1);
    expect(value(after, 'mcp_mux_upstream_up', { upstream: 'broken' })).toBe(0);
    expect(value(after, 'mcp_mux_upstream_in_flight', { upstream: 'rec' })).toBe(0);
    expect(value(after, 'mcp_mux_upstream_restarts_total', { upstream: 'broken' })).toBe(1);
    expect(
      after.some(
        (s) => s.name === 'mcp_mux_upstream_last_restart_info' && s.labels.upstream === 'broken',
      ),
    ).toBe(true);
    // Node's process metrics.
    expect(after.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('answers /healthz and /readyz with each upstream state; readiness follows the rule', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as {
      status: string;
      upstreams: { name: string; state: string }[];
    };
    expect(body.status).toBe('ok');
    expect(body.upstreams.map((u) => [u.name, u.state]).sort()).toEqual([
      ['broken', 'failed'],
      ['rec', 'ready'],
    ]);
    // readiness: ["rec"]: ready although "broken" failed.
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('ready');
    // The separate listener answers the same, and nothing else.
    expect((await fetch(`${metricsBase}/readyz`)).status).toBe(200);
    expect((await fetch(`${metricsBase}/healthz`)).status).toBe(200);
    expect((await fetch(`${metricsBase}/mcp`)).status).toBe(404);
    const text = await (await fetch(`${metricsBase}/metrics`)).text();
    expect(text).toContain('mcp_mux_requests_total');
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('/readyz and mcp-mux status list the oldest routed requests in flight, from the in-flight index', async () => {
    type Listed = { upstream: string; method: string; state: string; ageMs: number };
    const readyRequests = async (): Promise<Listed[]> =>
      ((await (await fetch(`${base}/readyz`)).json()) as { requests: Listed[] }).requests;
    expect(await readyRequests()).toEqual([]);
    const stop = new AbortController();
    const call = client
      .callTool({ name: 'rec__wait', arguments: { ms: 30_000 } }, undefined, {
        signal: stop.signal,
      })
      .catch(() => 'cancelled');
    try {
      const listed = await until(
        async () => {
          const requests = await readyRequests();
          return requests.length === 1 ? requests : undefined;
        },
        10_000,
        'the call to be listed',
      );
      expect(listed[0]).toMatchObject({ upstream: 'rec', method: 'tools/call', state: 'running' });
      expect(listed[0]?.ageMs).toBeGreaterThanOrEqual(0);
      const status = spawnNode([cliPath, 'status', '--url', httpUrl, '--once']);
      await until(() => status.child.exitCode !== null, 10_000, 'status to exit');
      const lines = status.output().trim().split('\n');
      const title = lines.indexOf('oldest requests in flight');
      expect(title).toBeGreaterThan(0);
      expect(lines[title + 1]?.split(/\s+/)).toEqual(['UPSTREAM', 'METHOD', 'STATE', 'AGE']);
      expect(lines[title + 2]?.split(/\s+/).slice(0, 3)).toEqual(['rec', 'tools/call', 'running']);
    } finally {
      stop.abort();
    }
    expect(await call).toBe('cancelled');
    expect(
      await until(async () => (await readyRequests()).length === 0, 10_000, 'the call to leave'),
    ).toBe(true);
  });

  it("passes a client's trace id in _meta through to the upstream", async () => {
    const result = (await client.callTool({
      name: 'rec__echo-meta',
      arguments: {},
      _meta: { traceparent: PARENT, tracestate: 'vendor=1' },
    })) as { content: { text: string }[] };
    const echoed = JSON.parse(result.content[0]?.text ?? '{}') as {
      meta?: Record<string, string>;
    };
    // No SDK in the CLI: the trace crosses the router as the client sent it.
    expect(echoed.meta?.traceparent).toBe(PARENT);
    expect(echoed.meta?.tracestate).toBe('vendor=1');
  });

  it('takes the trace from the HTTP traceparent header when _meta has none', async () => {
    const init = await rawRequest(httpUrl, {
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE),
    });
    const session = init.headers['mcp-session-id'] as string;
    const headers = {
      ...POST_HEADERS,
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-11-25',
    };
    await rawRequest(httpUrl, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    const call = await rawRequest(httpUrl, {
      headers: { ...headers, traceparent: PARENT },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'rec__echo-meta', arguments: {} },
      }),
    });
    expect(call.body).toContain(TRACE_ID);
  });

  it('writes JSON log lines without secrets', () => {
    const lines = cli
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(3);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.every((l) => typeof l.msg === 'string' && typeof l.level === 'string')).toBe(
      true,
    );
    expect(parsed.some((l) => String(l.msg).includes('upstream rec: ready'))).toBe(true);
    expect(cli.output()).not.toContain('sekrit-env-value');
  });

  it('serves every metric the example dashboard and scrape config use', async () => {
    const text = await (await fetch(`${metricsBase}/metrics`)).text();
    const families = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const used = new Set<string>();
    for (const file of ['grafana-dashboard.json', 'prometheus.yml']) {
      const source = readFileSync(join(root, 'examples/observability', file), 'utf8');
      for (const [name] of source.matchAll(/\b(?:mcp_mux|process|nodejs)_[a-z0-9_]+/g)) {
        used.add(name.replace(/_(bucket|sum|count)$/, ''));
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !families.has(name))).toEqual([]);
  });

  it('mcp-mux status --once prints a table of the upstreams from /readyz and /metrics', async () => {
    const status = spawnNode([cliPath, 'status', '--url', httpUrl, '--once']);
    await until(() => status.child.exitCode !== null, 10_000, 'status to exit');
    expect(status.child.exitCode).toBe(0);
    const lines = status.output().trim().split('\n');
    expect(lines[0]).toBe('mcp-mux: ready');
    expect(lines[1]?.split(/\s+/)).toEqual([
      'UPSTREAM',
      'STATE',
      'HEALTH',
      'TOOLS',
      'IN-FLIGHT',
      'QUEUED',
      'P50',
      'P99',
      'REQS',
      'RESTARTS',
    ]);
    const rec = lines.find((l) => l.startsWith('rec '))?.split(/\s+/);
    expect(rec?.slice(0, 6)).toEqual(['rec', 'ready', 'ready', '3', '0', '0']);
    expect(rec?.[6]).toMatch(/ms$/);
    expect(Number(rec?.[8])).toBeGreaterThanOrEqual(5);
    const broken = lines.find((l) => l.startsWith('broken '))?.split(/\s+/);
    expect(broken?.slice(0, 2)).toEqual(['broken', 'failed']);
    expect(broken?.at(-1)).toBe('1');
  });
});

describe('a stdio-only router with --metrics', () => {
  it('counts the stdio session, its requests and its bytes on the separate listener', async () => {
    const config = writeConfig({ mcpServers: { rec: fixture('recordingServer') } });
    const cli = await connectCli(config, { args: ['--metrics', '127.0.0.1:0'] });
    try {
      const base = await until(
        () => /listening: metrics (http:\/\/\S+?)\/metrics/.exec(cli.stderr())?.[1],
        10_000,
        'the metrics listener',
      );
      for (let i = 0; i < 3; i++)
        await cli.client.callTool({ name: 'rec__echo-meta', arguments: {} });
      const samples = await scrape(base);
      expect(value(samples, 'mcp_mux_sessions', { transport: 'stdio', era: 'legacy' })).toBe(1);
      expect(
        value(samples, 'mcp_mux_requests_total', {
          upstream: 'rec',
          method: 'tools/call',
          outcome: 'ok',
        }),
      ).toBe(3);
      expect(
        value(samples, 'mcp_mux_received_bytes_total', { transport: 'stdio' }),
      ).toBeGreaterThan(0);
      expect(value(samples, 'mcp_mux_sent_bytes_total', { transport: 'stdio' })).toBeGreaterThan(0);
      // stdout carried only protocol messages: the SDK client parsed every line.
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      await cli.close();
    }
  }, 30_000);
});
