/**
 * OAuth toward an HTTP upstream, end to end with real parts: the authorization server and the
 * protected SDK upstream of test/fixtures/oauthServer.ts, the real `mcp-mux login` command
 * (its loopback redirect listener answered by following the authorization server's redirect,
 * as a browser would), then the real CLI routing calls with the stored tokens, refreshing
 * them after a revocation; and the client credentials grant without any login.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type OAuthServer, startOAuthServer } from '../fixtures/oauthServer.js';
import { type CliClient, cliPath, connectCli, writeConfig } from './harness.js';

let server: OAuthServer | undefined;
let cli: CliClient | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
  await server?.close();
  server = undefined;
});

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content[0]?.text ?? '';

/** Runs `mcp-mux login web`, plays the browser, resolves with the exit code and stderr. */
async function login(configFile: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cliPath, 'login', 'web', '--config', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const browsed = new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const before = stderr;
      stderr += chunk.toString();
      const url = /(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)/.exec(stderr)?.[1];
      if (url && !/\/authorize\?/.test(before)) {
        void (async () => {
          const approve = await fetch(url, { redirect: 'manual' });
          const location = approve.headers.get('location');
          if (approve.status !== 302 || !location)
            throw new Error(`no redirect: ${approve.status}`);
          const callback = await fetch(location);
          expect(callback.status).toBe(200);
        })().then(resolve, reject);
      }
    });
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await browsed;
  expect(stdout).toBe('');
  return { code, stderr };
}

describe('OAuth toward an HTTP upstream', () => {
  it('logs in interactively, routes with the stored tokens, refreshes them, never shows them', async () => {
    server = await startOAuthServer();
    const configFile = writeConfig({ mcpServers: { web: { url: server.url } } });
    const tokenFile = join(dirname(configFile), 'state', 'tokens.json');
    const config = {
      mcpServers: {
        web: {
          url: server.url,
          auth: {
            tokenFile,
            redirectUri: 'http://127.0.0.1:0/callback',
            clientName: 'mcp-mux test',
          },
        },
      },
    };
    const file = writeConfig(config);

    const result = await login(file);
    expect(result.stderr).toContain('"web" is authorized');
    expect(result.code).toBe(0);
    expect(server.stats.registrations).toBe(1);
    expect(server.stats.authorizations).toBe(1);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(tokenFile, 'utf8')).servers.web;
    expect(stored.issuer).toBe(server.issuer);
    expect(stored.resource).toBe(server.url);
    expect(stored.accessToken).toMatch(/^ey/);
    expect(stored.refreshToken).toBeTruthy();
    expect(result.stderr).not.toContain(stored.accessToken);
    expect(result.stderr).not.toContain(stored.refreshToken);

    cli = await connectCli(file, { args: ['--log-level', 'debug'] });
    const tools = (await cli.client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(['web__whoami', 'web__admin']);
    const who = JSON.parse(
      textOf(await cli.client.callTool({ name: 'web__whoami', arguments: {} })),
    );
    expect(who.sub).toMatch(/^user-of-client-/);

    // Every access token issued so far is revoked: the next call gets 401 invalid_token, the
    // router refreshes (rotating the refresh token) and sends the call again.
    server.revokeAll();
    const again = JSON.parse(
      textOf(await cli.client.callTool({ name: 'web__whoami', arguments: {} })),
    );
    expect(again.sub).toBe(who.sub);
    expect(server.stats.tokens.refresh_token).toBe(1);
    const refreshed = JSON.parse(readFileSync(tokenFile, 'utf8')).servers.web;
    expect(refreshed.accessToken).not.toBe(stored.accessToken);
    expect(refreshed.refreshToken).not.toBe(stored.refreshToken);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);

    // A step-up (403 insufficient_scope) needs a person: the call fails saying what to run.
    await expect(cli.client.callTool({ name: 'web__admin', arguments: {} })).rejects.toThrow(
      /mcp-mux login web/,
    );

    const logs = cli.stderr();
    for (const secret of [
      stored.accessToken,
      stored.refreshToken,
      refreshed.accessToken,
      refreshed.refreshToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
  }, 60_000);

  it('uses the client credentials grant for a machine client, without a login', async () => {
    const secret = 'machine-secret-0123456789';
    server = await startOAuthServer({ clients: { machine: secret } });
    const file = writeConfig({
      mcpServers: {
        m2m: {
          url: server.url,
          prefix: '',
          auth: {
            grant: 'client_credentials',
            clientId: 'machine',
            clientSecret: secret,
            scope: 'mcp:read',
            tokenFile: join(tmpdirOf(), 'tokens.json'),
          },
        },
      },
    });
    cli = await connectCli(file, { args: ['--log-level', 'debug'] });
    const who = JSON.parse(textOf(await cli.client.callTool({ name: 'whoami', arguments: {} })));
    expect(who).toMatchObject({ sub: 'user-of-machine', scope: 'mcp:read' });
    expect(server.stats.tokens.client_credentials).toBe(1);
    expect(server.stats.authorizations).toBe(0);
    expect(cli.stderr()).not.toContain(secret);
  }, 60_000);

  it('fails an upstream that was never logged in with an error naming the login command', async () => {
    server = await startOAuthServer();
    const file = writeConfig({
      mcpServers: {
        web: {
          url: server.url,
          auth: { tokenFile: join(tmpdirOf(), 'tokens.json') },
          restart: { maxRestarts: 0 },
        },
      },
    });
    cli = await connectCli(file);
    expect((await cli.client.listTools()).tools).toEqual([]);
    expect(cli.stderr()).toMatch(/needs an interactive login: run `mcp-mux login web/);
    expect(server.stats.unauthorized).toBeGreaterThan(0);
  }, 60_000);
});

function tmpdirOf(): string {
  return dirname(writeConfig({}));
}
