/** `--metrics HOST:PORT` (bin/metrics.ts): a listener of its own, on loopback, for the observe routes. */
import { describe, expect, it } from 'vitest';
import { startMetricsListener } from '../../bin/metrics.js';
import { createLogger } from '../../core/log/log.js';
import type { HealthAnswer } from '../../core/observe/health.js';

const health = { status: 200, body: { status: 'ok', upstreams: {} } } as HealthAnswer;

describe('startMetricsListener', () => {
  it('serves the observe routes, 404 for anything else, and logs its URL', async () => {
    const lines: string[] = [];
    const listener = await startMetricsListener(
      '127.0.0.1',
      0,
      {
        metrics: async () => ({ contentType: 'text/plain', body: 'mux_up 1\n' }),
        health: () => health,
        ready: () => health,
      },
      createLogger({ sink: (line) => lines.push(line) }),
    );
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines.some((l) => l.includes(`listening: metrics ${listener.url}/metrics`))).toBe(
        true,
      );
      expect(await (await fetch(`${listener.url}/metrics`)).text()).toBe('mux_up 1\n');
      expect((await fetch(`${listener.url}/readyz`)).status).toBe(200);
      const other = await fetch(`${listener.url}/mcp`, { method: 'POST', body: '{}' });
      expect([other.status, await other.text()]).toEqual([404, 'Not Found\n']);
    } finally {
      await listener.close();
    }
    await expect(fetch(`${listener.url}/metrics`)).rejects.toThrow();
  });

  it('answers 500 and logs when producing the metrics fails', async () => {
    const lines: string[] = [];
    const listener = await startMetricsListener(
      '127.0.0.1',
      0,
      {
        metrics: async () => {
          throw new Error('registry broke');
        },
        health: () => health,
        ready: () => health,
      },
      createLogger({ sink: (line) => lines.push(line) }),
    );
    try {
      expect((await fetch(`${listener.url}/metrics`)).status).toBe(500);
      expect(
        lines.some((l) => l.includes('metrics request failed') && l.includes('registry broke')),
      ).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('puts an IPv6 host in brackets in its URL', async () => {
    const listener = await startMetricsListener(
      '::1',
      0,
      { health: () => health, ready: () => health },
      createLogger({ sink: () => {} }),
    ).catch(() => undefined); // a machine without IPv6 loopback: nothing to check
    if (listener === undefined) return;
    try {
      expect(listener.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect((await fetch(`${listener.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${listener.url}/metrics`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
