/**
 * Two CLI instances (`mcpMux.cluster`, one real redis-server) in front of one OAuth-protected
 * Streamable HTTP upstream (test/fixtures/oauthServer.ts: refresh tokens rotate and the old
 * one dies on use). They start with an expired access token from one token file, and later
 * both get 401 at the same moment (every access token revoked): each time exactly one refresh
 * reaches the authorization server, both calls succeed, and both go on with the one token
 * left valid. Without the shared refresh lock the second refresh would spend a dead refresh
 * token and that instance would fail.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithTools, type RedisServer, startRedis } from '../deploy/harness/index.js';
import { type OAuthServer, startOAuthServer } from '../fixtures/oauthServer.js';
import { freePort, type Proc, startCli } from './cliNetwork.js';
import { writeConfig } from './harness.js';
import { loggedInTokenFile } from './oauthLogin.js';

const KEY = 'cluster-oauth-race-key-0123456789abcdef';

interface Instance {
  proc: Proc;
  client: Client;
}

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

describeWithTools('an OAuth refresh race between two CLI instances', ['redis-server'], (tools) => {
  let server: OAuthServer;
  let redis: RedisServer;
  const instances: Instance[] = [];

  beforeAll(async () => {
    server = await startOAuthServer({ accessTtl: 3600 });
    redis = await startRedis(tools['redis-server']);
    const tokenFile = await loggedInTokenFile(server.url, 'mcp-mux-oauth-race-');
    // The file says the access token expired (the server would still take it): both
    // instances must refresh before their first call.
    const stored = JSON.parse(readFileSync(tokenFile, 'utf8'));
    stored.servers.web.expiresAt = Date.now() - 60_000;
    writeFileSync(tokenFile, JSON.stringify(stored), { mode: 0o600 });

    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(
      ports.map((port, n) => {
        const config = writeConfig({
          mcpServers: { web: { url: server.url, auth: { tokenFile } } },
          mcpMux: {
            cluster: {
              instanceId: `oauth-${n}`,
              advertiseUrl: `http://127.0.0.1:${port}`,
              redis: redis.url,
            },
          },
        });
        return startCli(config, ['--http', `127.0.0.1:${port}`], { MCP_MUX_CLUSTER_KEY: KEY });
      }),
    );
    for (const [n, proc] of started.entries()) {
      const client = new Client({ name: `oauth-race-${n}`, version: '1.0.0' });
      instances.push({ proc, client });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${ports[n]}/mcp`)),
        { timeout: 15_000 },
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.client.close().catch(() => {})));
    await Promise.all(instances.map((i) => i.proc.stop()));
    await redis?.stop();
    await server?.close();
  });

  const whoAmI = () =>
    Promise.all(
      instances.map(async (i) =>
        JSON.parse(
          textOf(
            await i.client.callTool({ name: 'web__whoami', arguments: {} }, undefined, {
              timeout: 15_000,
            }),
          ),
        ),
      ),
    );

  it('an expired token at start: one refresh for both, both route with it', async () => {
    const who = await whoAmI();
    expect(who.map((w) => w.sub)).toEqual([who[0].sub, who[0].sub]);
    expect(who[0].sub).toMatch(/^user-of-/);
    expect(server.stats.tokens.refresh_token).toBe(1);
  });

  it('both get 401 at once: exactly one refresh reaches the server, both calls succeed', async () => {
    server.revokeAll();
    const who = await whoAmI();
    expect(who.map((w) => w.sub)).toEqual([who[0].sub, who[0].sub]);
    expect(server.stats.tokens.refresh_token).toBe(2);
    // The token left is valid for both: more calls, no more refreshes.
    await whoAmI();
    await whoAmI();
    expect(server.stats.tokens.refresh_token).toBe(2);
  }, 30_000);
});
