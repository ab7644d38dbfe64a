/**
 * `ClusterTokenStore`: two instances (two `OAuthClient`s over one shared store) meeting an
 * expired access token at once spend the rotating refresh token once, against the real
 * authorization server of test/fixtures/oauthServer.ts (it rotates refresh tokens and forgets
 * the old one on use); the protocol's edges (a winner that fails, a winner that never
 * answers, the engine down) on virtual time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryClusterStore } from '../../../../core/cluster/index.js';
import {
  ClusterTokenStore,
  memoryTokenStore,
  OAuthClient,
  type StoredCredentials,
  type TokenStore,
} from '../../../../transports/http/oauth/index.js';
import { type OAuthServer, startOAuthServer } from '../../../fixtures/oauthServer.js';
import { switchableClusterStore } from '../../../fixtures/switchableClusterStore.js';

let server: OAuthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The browser step: the test AS approves at once; its redirect carries the code. */
const browse = async (url: URL): Promise<URLSearchParams> => {
  const res = await fetch(url, { redirect: 'manual' });
  return new URL(res.headers.get('location') ?? '').searchParams;
};

const clientOn = (as: OAuthServer, store: TokenStore) =>
  new OAuthClient({ server: 'web', url: new URL(as.url), store, authorize: browse });

/** Whether the resource accepts `authorization` (an `initialize` POST not answered 401). */
async function accepted(as: OAuthServer, authorization: string | undefined): Promise<boolean> {
  const res = await fetch(as.url, {
    method: 'POST',
    headers: {
      authorization: authorization ?? '',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    }),
  });
  await res.body?.cancel();
  return res.status === 200;
}

describe('ClusterTokenStore against a rotating authorization server', () => {
  // 10 s tokens are due for refresh at once (the client refreshes 30 s before expiry).
  it('two instances refresh an expired token once and both use the new one', async () => {
    server = await startOAuthServer({ accessTtl: 10 });
    const shared = new MemoryClusterStore();
    const a = clientOn(server, new ClusterTokenStore(shared));
    await a.login();
    const b = clientOn(server, new ClusterTokenStore(shared));
    expect(server.stats.tokens).toEqual({ authorization_code: 1 });

    const [fromA, fromB] = await Promise.all([
      a.headers('POST', new URL(server.url)),
      b.headers('POST', new URL(server.url)),
    ]);
    expect(server.stats.tokens.refresh_token).toBe(1);
    expect(fromA.authorization).toMatch(/^Bearer /);
    expect(fromB.authorization).toBe(fromA.authorization);
    expect(await accepted(server, fromA.authorization)).toBe(true);
    // What the store shares is the rotated refresh token, which still works.
    const stored = JSON.parse((await shared.get('oauth:web')) ?? '{}') as StoredCredentials;
    expect(`Bearer ${stored.accessToken}`).toBe(fromA.authorization);
    expect(await shared.tryLock('refresh:web', 1000)).toBeDefined(); // released
  });

  it('without the shared protocol the second refresh spends a revoked token (control)', async () => {
    server = await startOAuthServer({ accessTtl: 10 });
    const plain = memoryTokenStore();
    await clientOn(server, plain).login();
    const [a, b] = [clientOn(server, plain), clientOn(server, plain)];
    await Promise.all([
      a.headers('POST', new URL(server.url)),
      b.headers('POST', new URL(server.url)),
    ]);
    expect(server.stats.tokens.refresh_token).toBe(2);
  });

  it('the engine down: each instance refreshes alone from the fallback store', async () => {
    server = await startOAuthServer({ accessTtl: 10 });
    const shared = switchableClusterStore();
    const fallback = memoryTokenStore();
    const a = clientOn(server, new ClusterTokenStore(shared, { fallback }));
    await a.login();
    shared.down = true;
    const b = clientOn(server, new ClusterTokenStore(shared, { fallback }));
    const fromB = await b.headers('POST', new URL(server.url));
    expect(server.stats.tokens.refresh_token).toBe(1);
    expect(await accepted(server, fromB.authorization)).toBe(true);
    expect((await fallback.load('web'))?.accessToken).toBe(fromB.authorization?.slice(7));
  });
});

describe('ClusterTokenStore refresh protocol on virtual time', () => {
  const stale: StoredCredentials = {
    issuer: 'https://as.example',
    resource: 'https://mcp.example/mcp',
    accessToken: 'old',
    refreshToken: 'r1',
  };
  const renewed = (n: number): StoredCredentials => ({
    ...stale,
    accessToken: `new${n}`,
    refreshToken: `r${n + 1}`,
  });

  /** A clock the injected sleep advances. */
  const virtual = () => {
    let now = 1_000_000;
    const sleep = async (ms: number) => {
      now += ms;
    };
    return { now: () => now, sleep };
  };

  it('a loser whose winner never stores gives up at its bound and refreshes nothing', async () => {
    const clock = virtual();
    const shared = new MemoryClusterStore(clock.now);
    const store = new ClusterTokenStore(shared, { ...clock, waitMs: 5_000, lockTtlMs: 60_000 });
    await store.save('web', stale);
    const held = await shared.tryLock('refresh:web', 60_000);
    let refreshes = 0;
    const result = await store.refreshShared('web', stale, async () => renewed(++refreshes));
    expect(result).toBeUndefined();
    expect(refreshes).toBe(0);
    expect(clock.now() - 1_000_000).toBeGreaterThanOrEqual(5_000);
    await held?.release();
  });

  it('a lock freed without a new token (the winner failed) is taken and the loser refreshes', async () => {
    const clock = virtual();
    const shared = new MemoryClusterStore(clock.now);
    const store = new ClusterTokenStore(shared, { ...clock, lockTtlMs: 100 });
    await store.save('web', stale);
    await shared.tryLock('refresh:web', 100); // a winner that died: its lock expires
    let refreshes = 0;
    const result = await store.refreshShared('web', stale, async (current) => {
      expect(current.refreshToken).toBe('r1');
      return renewed(++refreshes);
    });
    expect(refreshes).toBe(1);
    expect(result?.accessToken).toBe('new1');
    expect((await store.load('web'))?.refreshToken).toBe('r2');
  });

  it('a winner that finds a newer token than its own adopts it without refreshing', async () => {
    const shared = new MemoryClusterStore();
    const store = new ClusterTokenStore(shared);
    await store.save('web', renewed(7));
    const result = await store.refreshShared('web', stale, async () => {
      throw new Error('must not refresh');
    });
    expect(result?.accessToken).toBe('new7');
  });

  it('credentials only in the fallback (the login file) seed the empty shared value', async () => {
    const shared = new MemoryClusterStore();
    const fallback = memoryTokenStore();
    await fallback.save('web', stale);
    expect((await new ClusterTokenStore(shared, { fallback }).load('web'))?.accessToken).toBe(
      'old',
    );
    // Another instance without the file reads them from the shared store.
    expect((await new ClusterTokenStore(shared).load('web'))?.refreshToken).toBe('r1');
  });

  it('a value without a refresh token lives only as long as its access token', async () => {
    const clock = virtual();
    const shared = new MemoryClusterStore(clock.now);
    const store = new ClusterTokenStore(shared, clock);
    const { refreshToken: _, ...machine } = { ...stale, expiresAt: clock.now() + 60_000 };
    await store.save('m2m', machine);
    expect((await store.load('m2m'))?.accessToken).toBe('old');
    await clock.sleep(60_001);
    expect(await store.load('m2m')).toBeUndefined();
  });
});
