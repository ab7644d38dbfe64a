/**
 * `mcp-mux status` (bin/status.ts): the table from one scrape, and the command against a real
 * `--metrics` listener on loopback (once, refreshed until stopped, the bearer token, an HTTP
 * error).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startMetricsListener } from '../../bin/metrics.js';
import { parsePromText } from '../../bin/promText.js';
import { baseUrl, renderStatus, status } from '../../bin/status.js';
import { silentLogger } from '../../core/log/log.js';
import type { HealthAnswer } from '../../core/observe/health.js';

const TEXT = `# HELP mcp_mux_upstream_duration_seconds x
# TYPE mcp_mux_upstream_duration_seconds histogram
mcp_mux_upstream_duration_seconds_bucket{le="0.001",upstream="a",method="tools/call"} 10
mcp_mux_upstream_duration_seconds_bucket{le="0.01",upstream="a",method="tools/call"} 90
mcp_mux_upstream_duration_seconds_bucket{le="0.1",upstream="a",method="tools/call"} 100
mcp_mux_upstream_duration_seconds_bucket{le="+Inf",upstream="a",method="tools/call"} 100
mcp_mux_upstream_duration_seconds_count{upstream="a",method="tools/call"} 100
mcp_mux_upstream_in_flight{upstream="a"} 3
mcp_mux_upstream_queued{upstream="a"} 1
mcp_mux_requests_total{upstream="a",method="tools/call",outcome="ok"} 100
mcp_mux_upstream_restarts_total{upstream="a"} 2
mcp_mux_upstream_last_restart_info{upstream="a",reason="exit \\"3\\""} 1
`;

const READY = {
  status: 'degraded',
  upstreams: [
    { name: 'a', state: 'ready', health: 'ready', tools: 4 },
    { name: 'b', state: 'backoff' },
  ],
};

describe('renderStatus', () => {
  it('renders one row per upstream with state, load, latency and restarts', () => {
    const table = renderStatus(
      { status: 'ready', upstreams: [{ name: 'a', state: 'ready', health: 'ready', tools: 4 }] },
      parsePromText(TEXT),
      undefined,
    );
    const [title, header, row] = table.trim().split('\n');
    expect(title).toBe('mcp-mux: ready');
    expect(header?.split(/\s+/)).toEqual([
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
    expect(row?.split(/\s+/)).toEqual([
      'a',
      'ready',
      'ready',
      '4',
      '3',
      '1',
      '5.50ms',
      '91.0ms',
      '100',
      '2',
    ]);
  });

  it('shows the cluster when /readyz has one: instances, source, last beat, self marked', () => {
    const table = renderStatus(
      {
        ...READY,
        cluster: {
          self: 'mux-a',
          store: 'redis',
          storeAvailable: false,
          instances: [
            {
              id: 'mux-a',
              url: 'http://h:1',
              self: true,
              source: 'self',
              ageMs: 0,
              uptimeMs: 61_400,
            },
            {
              id: 'mux-b',
              url: 'http://h:2',
              self: false,
              source: 'store',
              ageMs: 812,
              uptimeMs: 0,
            },
          ],
        },
      },
      [],
      undefined,
    );
    const lines = table.trim().split('\n');
    const at = lines.indexOf('cluster: 2 instances, store redis (unavailable)');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]?.split(/\s+/)).toEqual([
      'INSTANCE',
      'URL',
      'SOURCE',
      'LAST-BEAT',
      'UPTIME',
    ]);
    expect(lines[at + 2]?.split(/\s+/)).toEqual(['*mux-a', 'http://h:1', 'self', '0ms', '61s']);
    expect(lines[at + 3]?.trim().split(/\s+/)).toEqual([
      'mux-b',
      'http://h:2',
      'store',
      '812ms',
      '-',
    ]);
  });

  it('shows dashes and zeros for an upstream with no samples', () => {
    const table = renderStatus(READY, [], undefined);
    expect(table.trim().split('\n')[3]?.split(/\s+/)).toEqual([
      'b',
      'backoff',
      '-',
      '0',
      '0',
      '0',
      '-',
      '-',
      '0',
      '0',
    ]);
  });
});

describe('renderStatus: the oldest requests in flight', () => {
  it('lists them under the upstreams, oldest first, with the place in the queue when queued', () => {
    const table = renderStatus(
      {
        ...READY,
        requests: [
          { upstream: 'a', method: 'tools/call', state: 'running', ageMs: 1200 },
          { upstream: 'a', method: 'prompts/get', state: 'queued', ageMs: 40, queuePosition: 0 },
        ],
      },
      [],
      undefined,
    );
    const lines = table.trim().split('\n');
    const title = lines.indexOf('oldest requests in flight');
    expect(title).toBe(5);
    expect(lines.slice(title + 1).map((l) => l.split(/\s+/))).toEqual([
      ['UPSTREAM', 'METHOD', 'STATE', 'AGE'],
      ['a', 'tools/call', 'running', '1200ms'],
      ['a', 'prompts/get', 'queued', '#1', '40ms'],
    ]);
  });

  it('prints no such section when nothing is in flight', () => {
    expect(renderStatus({ ...READY, requests: [] }, [], undefined)).not.toContain('oldest');
    expect(renderStatus(READY, [], undefined)).not.toContain('oldest');
  });
});

describe('baseUrl', () => {
  it('keeps scheme, host and port only', () => {
    expect(baseUrl('http://127.0.0.1:9464/mcp')).toBe('http://127.0.0.1:9464');
    expect(baseUrl('http://[::1]:8080/')).toBe('http://[::1]:8080');
  });
});

describe('status', () => {
  const endpoints = {
    metrics: async () => ({ contentType: 'text/plain', body: TEXT }),
    health: () => ({ status: 200, body: READY }) as unknown as HealthAnswer,
    // Not ready is 503, and status still shows it.
    ready: () => ({ status: 503, body: READY }) as unknown as HealthAnswer,
  };

  it('--once prints one table from /readyz and /metrics of the given URL', async () => {
    const listener = await startMetricsListener('127.0.0.1', 0, endpoints, silentLogger);
    try {
      const out: string[] = [];
      const code = await status({
        url: `${listener.url}/mcp`,
        once: true,
        intervalMs: 1000,
        write: (text) => out.push(text),
      });
      expect(code).toBe(0);
      expect(out).toHaveLength(1);
      expect(out[0]?.split('\n')[0]).toBe('mcp-mux: degraded');
      expect(out[0]).toContain('backoff');
    } finally {
      await listener.close();
    }
  });

  it('refreshes, clearing the screen, until its signal aborts', async () => {
    const listener = await startMetricsListener('127.0.0.1', 0, endpoints, silentLogger);
    try {
      const controller = new AbortController();
      const out: string[] = [];
      const code = await status({
        url: listener.url,
        once: false,
        intervalMs: 1,
        signal: controller.signal,
        write: (text) => {
          out.push(text);
          if (out.length === 2) controller.abort();
        },
      });
      expect(code).toBe(0);
      expect(out).toHaveLength(2);
      for (const text of out) expect(text.startsWith('\x1b[H\x1b[2J')).toBe(true);
      expect(out[1]).toContain(listener.url);
    } finally {
      await listener.close();
    }
  });

  it('sends the bearer token, and fails on an HTTP error other than 503', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      await expect(
        status({ url, once: true, intervalMs: 1000, token: 's3cret', write: () => {} }),
      ).rejects.toThrow(/HTTP 401/);
      // Both scrapes start together; the first refusal ends the command.
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(['Bearer s3cret']));
    } finally {
      server.close();
    }
  });
});
