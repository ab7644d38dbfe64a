/** The CLI's listener and token flags, and what `startFacades` passes to the listeners. */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseListen, readTokens, startFacades, UsageError } from '../../bin/facades.js';
import { MemoryClusterStore } from '../../core/cluster/index.js';
import { silentLogger } from '../../core/log/log.js';
import { createRouter } from '../../index.js';
import { loopbackFacadeOptions } from '../integration/harness.js';

describe('parseListen', () => {
  it('reads HOST:PORT, :PORT, PORT and [v6]:PORT, defaulting to 127.0.0.1', () => {
    expect(parseListen('http', '0.0.0.0:8080')).toEqual({
      kind: 'http',
      host: '0.0.0.0',
      port: 8080,
    });
    expect(parseListen('ws', ':0')).toEqual({ kind: 'ws', host: '127.0.0.1', port: 0 });
    expect(parseListen('http-json', '9000')).toEqual({
      kind: 'http-json',
      host: '127.0.0.1',
      port: 9000,
    });
    expect(parseListen('http', '[::1]:80')).toEqual({ kind: 'http', host: '::1', port: 80 });
    expect(parseListen('http', 'localhost:3000').host).toBe('localhost');
  });

  it('rejects what is not a listen address', () => {
    for (const bad of ['', 'localhost', '127.0.0.1:', ':70000', '1:2:3', 'host:port', '::1:80']) {
      expect(() => parseListen('http', bad), bad).toThrow(UsageError);
    }
  });
});

describe('readTokens', () => {
  it('splits on commas and drops blanks', () => {
    expect(readTokens({ T: ' a, b ,,c ' }, 'T', false)).toEqual(['a', 'b', 'c']);
    expect(readTokens({}, 'T', false)).toEqual([]);
  });

  it('fails closed when the variable was named explicitly but is unset or empty', () => {
    expect(() => readTokens({}, 'T', true)).toThrow(UsageError);
    expect(() => readTokens({ T: ' , ' }, 'T', true)).toThrow(/unset or empty/);
  });
});

describe('startFacades', () => {
  it('passes maxSessionsPerPrincipal to the WebSocket and legacy SSE listeners', async () => {
    const router = createRouter({ mcpServers: {} }, { log: silentLogger });
    await router.start();
    const facades = await startFacades(
      router,
      [
        { kind: 'http', host: '127.0.0.1', port: 0 },
        { kind: 'ws', host: '127.0.0.1', port: 0 },
      ],
      loopbackFacadeOptions({ maxSessionsPerPrincipal: 1 }),
    );
    const aborts: AbortController[] = [];
    const sockets: WebSocket[] = [];
    try {
      const url = (kind: string) => facades.endpoints.find((e) => e.kind === kind)?.url ?? '';
      const sse = () => {
        const abort = new AbortController();
        aborts.push(abort);
        return fetch(url('sse'), {
          headers: { accept: 'text/event-stream' },
          signal: abort.signal,
        }).then((res) => res.status);
      };
      expect(await sse()).toBe(200);
      expect(await sse()).toBe(429);
      const ws = () =>
        new Promise<number>((resolve, reject) => {
          const socket = new WebSocket(url('ws'), ['mcp']);
          sockets.push(socket);
          socket.once('open', () => resolve(101));
          socket.once('unexpected-response', (_req, res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          socket.once('error', reject);
        });
      expect(await ws()).toBe(101);
      expect(await ws()).toBe(429);
    } finally {
      for (const abort of aborts) abort.abort();
      for (const socket of sockets) socket.terminate();
      await facades.close();
      await router.close();
    }
  });

  it('counts sessions per principal across instances with `cluster`', async () => {
    const routers = [0, 1].map(() => createRouter({ mcpServers: {} }, { log: silentLogger }));
    await Promise.all(routers.map((r) => r.start()));
    const store = new MemoryClusterStore();
    const started = await Promise.all(
      routers.map((router, i) =>
        startFacades(
          router,
          [{ kind: 'http', host: '127.0.0.1', port: 0 }],
          loopbackFacadeOptions({
            maxSessionsPerPrincipal: 1,
            clusterPlaces: { store, instanceId: `i${i}` },
          }),
        ),
      ),
    );
    const abort = new AbortController();
    try {
      const [one, two] = started.map((f) => f.endpoints.find((e) => e.kind === 'sse')?.url ?? '');
      const sse = (url: string) =>
        fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal }).then(
          (res) => res.status,
        );
      expect(await sse(one ?? '')).toBe(200);
      expect(await sse(two ?? '')).toBe(429);
    } finally {
      abort.abort();
      await Promise.all(started.map((f) => f.close()));
      await Promise.all(routers.map((r) => r.close()));
    }
  });
});
