/**
 * Two routers (two instances) sharing one `MemoryClusterStore` through `RouterOptions.cluster`
 * reach an OAuth-protected Streamable HTTP upstream (test/fixtures/oauthServer.ts: refresh
 * tokens rotate and the old one dies on use) with tokens a login stored in the token file:
 * both start with an expired access token at once, exactly one refresh reaches the
 * authorization server, and both route calls with the new token. The wiring the cluster
 * configuration uses: `createRouter` → `openUpstreamTransport` → `oauthClientFor({ cluster })`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryClusterStore } from '../../core/cluster/index.js';
import { createRouter, type Router, silentLogger } from '../../index.js';
import { type OAuthServer, startOAuthServer } from '../fixtures/oauthServer.js';
import { loggedInTokenFile } from './oauthLogin.js';

let server: OAuthServer | undefined;
const routers: Router[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(routers.splice(0).map((r) => r.close()));
  await server?.close();
  server = undefined;
});

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

describe('OAuth toward an upstream from two instances', () => {
  it('refreshes an expired token once for both and both route with it', async () => {
    server = await startOAuthServer({ accessTtl: 3600 });
    const tokenFile = await loggedInTokenFile(server.url, 'mcp-mux-cluster-oauth-');
    expect(server.stats.tokens).toEqual({ authorization_code: 1 });
    // The clock (Date only) moves to 20 s before expiry: inside the 30 s the client refreshes
    // early, still valid at the resource. The new token is not due again during the test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_580_000);

    const cluster = new MemoryClusterStore();
    const config = { mcpServers: { web: { url: server.url, auth: { tokenFile } } } };
    for (let i = 0; i < 2; i++) {
      routers.push(createRouter(config, { cluster, log: silentLogger, startupTimeoutMs: 10_000 }));
    }
    await Promise.all(routers.map((r) => r.start()));
    expect(server.stats.tokens.refresh_token).toBe(1);
    for (const router of routers) {
      expect(textOf(await router.callTool('web__whoami'))).toContain('user-of-');
    }
    expect(server.stats.tokens.refresh_token).toBe(1);
  }, 30_000);
});
