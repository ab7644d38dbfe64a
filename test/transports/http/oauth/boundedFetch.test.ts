/**
 * The one fetch of the OAuth client (transports/http/oauth/boundedFetch.ts) against hostile
 * loopback servers: redirects only within the origin and re-checked, a body cap that stops
 * reading (the server sees the connection close), and a deadline on virtual time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  boundedFetch,
  MAX_OAUTH_BODY_BYTES,
} from '../../../../transports/http/oauth/boundedFetch.js';
import {
  type HostileServer,
  type Stream,
  sendJson,
  startHostile,
  streamJson,
} from '../../../fixtures/hostileHttp.js';

const servers: HostileServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startHostile>) => {
  const server = await startHostile(...args);
  servers.push(server);
  return server;
};

describe('boundedFetch', () => {
  it('follows a redirect within the origin and returns the body', async () => {
    const server = await start((req, res) => {
      if (req.url === '/old') res.writeHead(302, { location: '/new' }).end();
      else sendJson(res, { ok: true });
    });
    const res = await boundedFetch(`${server.origin}/old`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(server.seen.map((s) => s.path)).toEqual(['/old', '/new']);
  });

  it('refuses a redirect to another origin: an IPv4-mapped loopback or a plain-HTTP host', async () => {
    const target = await start((_req, res) => sendJson(res, { reached: true }));
    for (const location of [
      `http://[::ffff:127.0.0.1]:${target.port}/admin`,
      'http://example.invalid/admin',
      `http://localhost:${target.port}/admin`,
    ]) {
      const from = await start((_req, res) => res.writeHead(302, { location }).end());
      await expect(boundedFetch(`${from.origin}/.well-known/x`)).rejects.toThrow(
        `refusing the redirect from ${from.origin} to ${new URL(location).origin}`,
      );
    }
    expect(target.seen).toEqual([]);
  });

  it('checks the URL rule before the first request', async () => {
    await expect(boundedFetch('http://127.attacker.example/x')).rejects.toThrow(
      /must use HTTPS \(plain HTTP only to loopback\)/,
    );
  });

  it('hands a 3xx back as it is when the caller asks for manual redirects', async () => {
    const server = await start((_req, res) => res.writeHead(302, { location: '/elsewhere' }).end());
    const res = await boundedFetch(`${server.origin}/a`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(server.seen).toHaveLength(1);
  });

  it('stops after the redirect limit', async () => {
    const server = await start((req, res) =>
      res.writeHead(302, { location: `${req.url ?? ''}x` }).end(),
    );
    await expect(boundedFetch(`${server.origin}/a`)).rejects.toThrow(/more than 3 redirects/);
    expect(server.seen).toHaveLength(4);
  });

  it('stops reading a streamed body past the cap and closes the connection', async () => {
    let stream: Stream | undefined;
    const server = await start((_req, res) => {
      stream = streamJson(res, { resource: 'x' }, 32 * 1024 * 1024);
    });
    await expect(boundedFetch(`${server.origin}/big`)).rejects.toThrow(
      `the response of ${server.origin} is larger than ${MAX_OAUTH_BODY_BYTES} bytes; refused`,
    );
    await stream?.done;
    expect(stream?.finished).toBe(false);
    expect(stream?.written).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a declared Content-Length past the cap without reading it', async () => {
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000000' });
      res.write('{"a":"');
    });
    await expect(boundedFetch(`${server.origin}/big`, {}, { maxBytes: 1000 })).rejects.toThrow(
      /is larger than 1000 bytes/,
    );
  });

  it('gives up on a server that never answers, on virtual time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = await start(() => {});
    const pending = boundedFetch(`${server.origin}/slow`, {}, { timeoutMs: 10_000 });
    const settled = expect(pending).rejects.toThrow(
      `${server.origin} did not answer within 10000 ms`,
    );
    await vi.waitFor(() => expect(server.seen).toHaveLength(1), { interval: 5, timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });
});
