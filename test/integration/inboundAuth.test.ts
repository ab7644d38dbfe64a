/**
 * Tokens presented to the real CLI's HTTP facade (`--http`), with two real stdio upstreams
 * (test/fixtures/surfaceServer.ts as `alpha` and `beta`), official SDK clients and JWTs of the
 * real authorization server of test/fixtures/oauthServer.ts (checked through its JWKS URL):
 *
 * - JWT mode behind a proxy (`--no-host-check`) without `mcpMux.auth.resource` refuses to
 *   start: the audience would otherwise follow the request's `Host`;
 * - a session an admin-scoped token opened cannot be used by a token of the same subject
 *   without `admin`, so that token never reaches the admin-gated upstream;
 * - with `--trust-proxy`, clients without a token behind one proxy get a session pool per
 *   forwarded address.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthServer, startOAuthServer } from '../fixtures/oauthServer.js';
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
import { cliPath, fixture, writeConfig } from './harness.js';

let auth: OAuthServer;
const procs: Proc[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  auth = await startOAuthServer();
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await Promise.allSettled(procs.map((p) => p.stop()));
  await auth?.close();
});

const upstreams = { alpha: fixture('surfaceServer'), beta: fixture('surfaceServer') };

describe('JWT audience', () => {
  it('refuses to start behind a proxy (--no-host-check) without mcpMux.auth.resource', async () => {
    const config = writeConfig({
      mcpServers: upstreams,
      mcpMux: { auth: { jwt: { issuer: auth.issuer, jwksUrl: auth.jwksUrl } } },
    });
    const proc = spawnNode([
      cliPath,
      '--config',
      config,
      '--http',
      '127.0.0.1:0',
      '--no-host-check',
    ]);
    procs.push(proc);
    await until(() => proc.child.exitCode !== null, 15_000, `the CLI to exit (${proc.output()})`);
    expect(proc.child.exitCode).toBe(2);
    expect(proc.output()).toMatch(
      /needs mcpMux\.auth\.resource, the public URL of the MCP endpoint/,
    );
    expect(proc.output()).not.toMatch(/listening:/);
  }, 30_000);
});

describe('a session keeps the rights of the token that opened it', () => {
  it('refuses a same-subject token without admin on an admin session', async () => {
    const config = writeConfig({
      mcpServers: upstreams,
      mcpMux: {
        auth: { jwt: { issuer: auth.issuer, jwksUrl: auth.jwksUrl } },
        access: [
          { principals: ['scope:mcp:admin'], upstreams: ['alpha'] },
          { principals: ['scope:mcp:read'], upstreams: ['beta'] },
        ],
      },
    });
    const cli = await startCli(config, ['--http', '127.0.0.1:0']);
    procs.push(cli);
    const url = cli.listeners.http as string;
    const admin = await auth.mint({ sub: 'carol', scope: 'mcp:read mcp:admin' }, { audience: url });
    const reader = await auth.mint({ sub: 'carol', scope: 'mcp:read' }, { audience: url });

    const transport = clientTransport('http', url, { authorization: `Bearer ${admin}` });
    const client = new Client({ name: 'admin', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    expect((await client.callTool({ name: 'alpha__recorded', arguments: {} })).isError).not.toBe(
      true,
    );
    const sessionId = (transport as StreamableHTTPClientTransport).sessionId ?? '';
    expect(sessionId).not.toBe('');

    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'alpha__recorded', arguments: {} },
    };
    const stolen = await rawRequest(url, {
      headers: {
        ...POST_HEADERS,
        authorization: `Bearer ${reader}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify(call),
    });
    expect(stolen.status).toBe(403);
    expect(JSON.parse(stolen.body)).toMatchObject({
      error: { code: -32000, message: expect.stringMatching(/other rights/) },
    });
    // On a session of its own the weaker token sees beta only and is denied alpha.
    const own = new Client({ name: 'reader', version: '1.0.0' });
    await own.connect(clientTransport('http', url, { authorization: `Bearer ${reader}` }));
    clients.push(own);
    await expect(own.callTool({ name: 'alpha__recorded', arguments: {} })).rejects.toThrow(
      /Access denied/,
    );
    // The admin's session is untouched.
    expect((await client.callTool({ name: 'alpha__recorded', arguments: {} })).isError).not.toBe(
      true,
    );
  }, 30_000);
});

describe('--trust-proxy', () => {
  it('gives clients without a token behind one proxy a pool per forwarded address', async () => {
    const config = writeConfig({ mcpServers: upstreams, mcpMux: { maxSessionsPerPrincipal: 1 } });
    const cli = await startCli(config, ['--http', '127.0.0.1:0', '--trust-proxy']);
    procs.push(cli);
    const url = cli.listeners.http as string;
    const open = async (forwarded: string) => {
      const res = await rawRequest(url, {
        headers: { ...POST_HEADERS, 'x-forwarded-for': forwarded },
        body: JSON.stringify(INITIALIZE),
      });
      expect(res.status).toBe(200);
      return String(res.headers['mcp-session-id']);
    };
    const ping = async (sessionId: string) =>
      (
        await rawRequest(url, {
          headers: {
            ...POST_HEADERS,
            'mcp-session-id': sessionId,
            'mcp-protocol-version': '2025-11-25',
          },
          body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        })
      ).status;
    const first = await open('10.0.0.1');
    const second = await open('10.0.0.2');
    expect(await ping(first)).toBe(202);
    expect(await ping(second)).toBe(202);
    // The same forwarded address again: its own pool of one makes room, the other stays.
    await open('10.0.0.1');
    expect(await ping(first)).toBe(404);
    expect(await ping(second)).toBe(202);
  }, 30_000);
});
