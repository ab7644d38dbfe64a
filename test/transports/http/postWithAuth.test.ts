/**
 * The retry of a POST after an OAuth challenge (transports/http/postWithAuth.ts) against a
 * loopback server that refuses until it sees the credential the auth obtained.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { discard } from '../../../transports/http/httpBody.js';
import { HttpClient } from '../../../transports/http/httpRequest.js';
import type { AuthChallenge, HttpAuth } from '../../../transports/http/oauth/httpAuth.js';
import { MAX_AUTH_RETRIES } from '../../../transports/http/oauth/httpAuth.js';
import { postWithAuth } from '../../../transports/http/postWithAuth.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server that answers 200 to `Bearer good`, else `refusal` with a challenge and a nonce. */
async function start(refusal = 401) {
  const seen: (string | undefined)[] = [];
  server = createServer((req, res) => {
    req.resume();
    seen.push(req.headers.authorization);
    if (req.headers.authorization === 'Bearer good') {
      res.writeHead(200).end('ok');
      return;
    }
    res.writeHead(refusal, {
      'www-authenticate': 'Bearer error="insufficient_scope", scope="write"',
      'dpop-nonce': `nonce-${seen.length}`,
    });
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`);
  return { url, seen };
}

/** An auth that hands out `tokens` one per challenge (`undefined`: it cannot do anything). */
function auth(tokens: (string | undefined)[]) {
  let current = 'stale';
  const challenges: [number, AuthChallenge][] = [];
  const impl: HttpAuth = {
    headers: async () => ({ authorization: `Bearer ${current}` }),
    challenge: async (status, challenge) => {
      challenges.push([status, challenge]);
      const next = tokens.shift();
      if (next === undefined) return false;
      current = next;
      return true;
    },
  };
  return { impl, challenges };
}

async function post(url: URL, a: HttpAuth) {
  const client = new HttpClient(url, { connections: 2 });
  try {
    const res = await postWithAuth(a, async () =>
      client.request('POST', await a.headers('POST', url), '{}'),
    );
    discard(res);
    return res.statusCode;
  } finally {
    client.destroy();
  }
}

describe('postWithAuth', () => {
  it('hands a 401 to the auth with its challenge, and sends again with the new credential', async () => {
    const { url, seen } = await start();
    const { impl, challenges } = auth(['good']);
    expect(await post(url, impl)).toBe(200);
    expect(seen).toEqual(['Bearer stale', 'Bearer good']);
    expect(challenges).toEqual([
      [
        401,
        {
          wwwAuthenticate: 'Bearer error="insufficient_scope", scope="write"',
          dpopNonce: 'nonce-1',
        },
      ],
    ]);
  });

  it(`stops after ${MAX_AUTH_RETRIES} retries and returns the last refusal (403 too)`, async () => {
    const { url, seen } = await start(403);
    const { impl, challenges } = auth(['still-bad', 'worse', 'never-used']);
    expect(await post(url, impl)).toBe(403);
    expect(seen).toHaveLength(MAX_AUTH_RETRIES + 1);
    expect(challenges).toHaveLength(MAX_AUTH_RETRIES);
  });

  it('returns the refusal at once when the auth can do nothing', async () => {
    const { url, seen } = await start();
    const { impl } = auth([]);
    expect(await post(url, impl)).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('never challenges on other statuses', async () => {
    const { url, seen } = await start(500);
    const { impl, challenges } = auth(['good']);
    expect(await post(url, impl)).toBe(500);
    expect([seen.length, challenges.length]).toEqual([1, 0]);
  });
});
