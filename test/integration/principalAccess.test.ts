/**
 * A protected facade and per-principal access, with the real CLI on `--http`, two real stdio
 * upstreams (test/fixtures/surfaceServer.ts as `alpha` and `beta`), official SDK clients with
 * different credentials, and JWTs minted by the real authorization server of
 * test/fixtures/oauthServer.ts (validated through its JWKS URL):
 *
 * - two principals (named static tokens) see different tool sets from one router, and a call
 *   outside a principal's set fails with a clear error;
 * - a JWT with the right issuer, audience and scope sees what its scope allows; a token with
 *   another audience, an expired one, or none gets 401 with `resource_metadata`, whose
 *   document names the authorization server;
 * - no token appears in the router's output.
 */

import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthServer, startOAuthServer } from '../fixtures/oauthServer.js';
import {
  clientTransport,
  INITIALIZE,
  type Listeners,
  POST_HEADERS,
  type Proc,
  rawRequest,
  startCli,
  until,
} from './cliNetwork.js';
import { fixture, writeConfig } from './harness.js';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';

let server: OAuthServer;
let cli: Proc & { listeners: Listeners };
let url: string;
let configFile: string;
let config: Record<string, unknown>;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startOAuthServer();
  config = {
    mcpServers: {
      alpha: fixture('surfaceServer'),
      beta: fixture('surfaceServer'),
    },
    mcpMux: {
      auth: {
        tokens: { alice: ALICE, bob: BOB },
        jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl },
        scopesSupported: ['mcp:read', 'mcp:admin'],
      },
      access: [
        { principals: ['token:alice'], upstreams: ['alpha'] },
        { principals: ['token:bob'], tools: ['beta__*', 'alpha__recorded'] },
        { principals: ['scope:mcp:admin'] },
      ],
    },
  };
  configFile = writeConfig(config);
  cli = await startCli(configFile, ['--http', '127.0.0.1:0']);
  url = cli.listeners.http as string;
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await cli?.stop();
  await server?.close();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'principal-test', version: '1.0.0' });
  await client.connect(clientTransport('http', url, { authorization: `Bearer ${token}` }));
  clients.push(client);
  return client;
}

const toolNames = async (client: Client) =>
  (await client.listTools()).tools.map((t) => t.name).sort();

describe('per-principal access through one router', () => {
  it('shows two principals different tool sets and refuses calls outside them', async () => {
    const alice = await connect(ALICE);
    const bob = await connect(BOB);
    const aliceTools = await toolNames(alice);
    const bobTools = await toolNames(bob);
    expect(aliceTools.length).toBeGreaterThan(3);
    expect(aliceTools.every((name) => name.startsWith('alpha__'))).toBe(true);
    expect(bobTools).toContain('alpha__recorded');
    expect(bobTools.filter((name) => name.startsWith('alpha__'))).toEqual(['alpha__recorded']);
    expect(bobTools.filter((name) => name.startsWith('beta__')).length).toBe(aliceTools.length);

    // Upstream-level: alice has no beta at all (prompts too); bob has both upstreams' prompts.
    const alicePrompts = (await alice.listPrompts()).prompts.map((p) => p.name);
    expect(alicePrompts).toEqual(['alpha__greet']);
    const bobPrompts = (await bob.listPrompts()).prompts.map((p) => p.name).sort();
    expect(bobPrompts).toEqual(['alpha__greet', 'beta__greet']);

    const ok = await alice.callTool({ name: 'alpha__recorded', arguments: {} });
    expect(ok.isError).not.toBe(true);
    await expect(alice.callTool({ name: 'beta__recorded', arguments: {} })).rejects.toThrow(
      /Access denied: beta__recorded is not available to token:alice/,
    );
    await expect(bob.callTool({ name: 'alpha__log', arguments: {} })).rejects.toThrow(
      /Access denied: alpha__log is not available to token:bob/,
    );
    await expect(
      alice.getPrompt({ name: 'beta__greet', arguments: { name: 'x' } }),
    ).rejects.toThrow(/Access denied/);
  }, 30_000);

  it('accepts a JWT of the configured issuer and audience; its scopes decide what it sees', async () => {
    const admin = await connect(
      await server.mint({ sub: 'carol', scope: 'mcp:read mcp:admin' }, { audience: url }),
    );
    const all = await toolNames(admin);
    expect(all.some((n) => n.startsWith('alpha__'))).toBe(true);
    expect(all.some((n) => n.startsWith('beta__'))).toBe(true);
    const reader = await connect(
      await server.mint({ sub: 'dave', scope: 'mcp:read' }, { audience: url }),
    );
    expect(await toolNames(reader)).toEqual([]);
    await expect(reader.callTool({ name: 'alpha__recorded', arguments: {} })).rejects.toThrow(
      /Access denied: alpha__recorded is not available to jwt:http:\/\/127\.0\.0\.1:\d+#dave/,
    );
  }, 30_000);

  it('refuses missing, foreign-audience and expired tokens with 401 and resource metadata', async () => {
    const metadataUrl = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
    const body = JSON.stringify(INITIALIZE);
    const none = await rawRequest(url, { headers: POST_HEADERS, body });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    for (const token of [
      await server.mint(
        { sub: 'eve', scope: 'mcp:admin' },
        { audience: 'http://elsewhere.example/mcp' },
      ),
      await server.mint({ sub: 'eve', scope: 'mcp:admin' }, { audience: url, expiresIn: '-1m' }),
      `${ALICE}x`,
    ]) {
      const refused = await rawRequest(url, {
        headers: { ...POST_HEADERS, authorization: `Bearer ${token}` },
        body,
      });
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toBe(
        `Bearer error="invalid_token", resource_metadata="${metadataUrl}"`,
      );
      expect(refused.body).not.toContain(token);
    }
    const metadata = await fetch(metadataUrl);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual({
      resource: url,
      authorization_servers: [server.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp:read', 'mcp:admin'],
    });
    expect(cli.output()).not.toContain(ALICE);
    expect(cli.output()).not.toContain(BOB);
  }, 30_000);

  it('applies changed access rules on a config reload, to sessions already open', async () => {
    const alice = await connect(ALICE);
    expect((await toolNames(alice)).some((n) => n.startsWith('beta__'))).toBe(false);
    const mux = config.mcpMux as { access: { principals: string[]; upstreams?: string[] }[] };
    mux.access[0] = { principals: ['token:alice'], upstreams: ['alpha', 'beta'] };
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    await until(
      async () => (await toolNames(alice)).some((n) => n.startsWith('beta__')),
      15_000,
      'alice to see beta after the reload',
    );
    const ok = await alice.callTool({ name: 'beta__recorded', arguments: {} });
    expect(ok.isError).not.toBe(true);
  }, 30_000);
});
