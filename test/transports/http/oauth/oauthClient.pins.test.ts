/**
 * Issuer pins (transports/http/oauth/issuerPolicy.ts through the OAuth client): an upstream
 * whose protected resource metadata names a foreign authorization server never gets the
 * configured client secret (or assertion) sent there, unless the config pins that issuer; with
 * pins, an unpinned server is not even contacted. Real loopback servers play the upstream and
 * the authorization servers and record every request with its `Authorization` header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  memoryTokenStore,
  OAuthClient,
  type OAuthClientOptions,
} from '../../../../transports/http/oauth/index.js';
import { type HostileServer, sendJson, startHostile } from '../../../fixtures/hostileHttp.js';

const SECRET = 'configured-secret-0123456789';
const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** An authorization server that issues a token to anyone and records what it was sent. */
async function authorizationServer(tokenEndpoint?: (origin: string) => string) {
  let origin = '';
  const server = await startHostile((req, res) => {
    if (req.url === '/.well-known/oauth-authorization-server') {
      sendJson(res, {
        issuer: origin,
        token_endpoint: tokenEndpoint?.(origin) ?? `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
        grant_types_supported: ['client_credentials'],
      });
    } else if (req.method === 'POST' && req.url === '/register') {
      req.resume();
      sendJson(res, { client_id: 'registered', token_endpoint_auth_method: 'none' }, 201);
    } else if (req.method === 'POST' && req.url === '/token') {
      req.resume();
      sendJson(res, { access_token: 'issued-token', token_type: 'Bearer', expires_in: 3600 });
    } else sendJson(res, { error: 'not_found' }, 404);
  });
  origin = server.origin;
  servers.push(server);
  return server;
}

/** An upstream whose metadata names `issuers`; it may also be its own authorization server. */
async function upstream(issuers: (self: string) => string[]) {
  let origin = '';
  const server = await startHostile((req, res) => {
    if (req.url === '/.well-known/oauth-protected-resource/mcp') {
      sendJson(res, { resource: `${origin}/mcp`, authorization_servers: issuers(origin) });
    } else if (req.url === '/.well-known/oauth-authorization-server') {
      sendJson(res, {
        issuer: origin,
        token_endpoint: `${origin}/token`,
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    } else if (req.method === 'POST' && req.url === '/token') {
      req.resume();
      sendJson(res, { access_token: 'own-token', token_type: 'Bearer', expires_in: 3600 });
    } else sendJson(res, { error: 'not_found' }, 404);
  });
  origin = server.origin;
  servers.push(server);
  return server;
}

const clientOf = (server: HostileServer, options: Partial<OAuthClientOptions> = {}) =>
  new OAuthClient({
    server: 'web',
    url: new URL(`${server.origin}/mcp`),
    store: memoryTokenStore(),
    grant: 'client_credentials',
    clientId: 'machine',
    clientSecret: SECRET,
    ...options,
  });

const challenge = (server: HostileServer) => ({
  wwwAuthenticate: `Bearer resource_metadata="${server.origin}/.well-known/oauth-protected-resource/mcp"`,
  dpopNonce: undefined,
});

const basicOf = (seen: { authorization: string | undefined }[]) =>
  seen
    .map((s) => s.authorization)
    .filter((a): a is string => a?.startsWith('Basic ') === true)
    .map((a) => Buffer.from(a.slice(6), 'base64').toString('utf8'));

describe('issuer pins', () => {
  it('never sends the configured secret to a foreign authorization server the upstream names', async () => {
    const foreign = await authorizationServer();
    const mcp = await upstream(() => [foreign.origin]);
    const error = await clientOf(mcp)
      .challenge(401, challenge(mcp))
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      );
    expect(error?.message).toBe(
      `refusing to send the configured client credentials to the authorization server ${foreign.origin}: it is not on the upstream's origin ${mcp.origin} (pin it with auth.issuer or auth.authorizationServers)`,
    );
    expect(error?.message).not.toContain(SECRET);
    expect(foreign.seen.filter((s) => s.method === 'POST')).toEqual([]);
    expect(foreign.seen.every((s) => s.authorization === undefined)).toBe(true);
  });

  it('sends it to a pinned authorization server', async () => {
    const foreign = await authorizationServer();
    const mcp = await upstream(() => ['https://other.example', foreign.origin]);
    const client = clientOf(mcp, { authorizationServers: [foreign.origin] });
    expect(await client.challenge(401, challenge(mcp))).toBe(true);
    expect(await client.headers('POST', new URL(`${mcp.origin}/mcp`))).toEqual({
      authorization: 'Bearer issued-token',
    });
    expect(basicOf(foreign.seen)).toEqual([`machine:${SECRET}`]);
  });

  it('with pins, does not contact an authorization server that is not pinned', async () => {
    const foreign = await authorizationServer();
    const mcp = await upstream(() => [foreign.origin]);
    const client = clientOf(mcp, { authorizationServers: ['https://as.example.com'] });
    await expect(client.challenge(401, challenge(mcp))).rejects.toThrow(
      `refusing the authorization server ${foreign.origin} named by the upstream: not in auth.authorizationServers`,
    );
    expect(foreign.seen).toEqual([]);
  });

  it('without pins, sends it to the upstream own authorization server', async () => {
    const mcp = await upstream((self) => [self]);
    const client = clientOf(mcp);
    expect(await client.challenge(401, challenge(mcp))).toBe(true);
    expect(basicOf(mcp.seen)).toEqual([`machine:${SECRET}`]);
  });

  it('without pins, refuses a same-origin issuer whose token endpoint is elsewhere', async () => {
    const elsewhere = await authorizationServer();
    let origin = '';
    const mcp = await startHostile((req, res) => {
      if (req.url === '/.well-known/oauth-protected-resource/mcp') {
        sendJson(res, { resource: `${origin}/mcp`, authorization_servers: [origin] });
      } else {
        sendJson(res, { issuer: origin, token_endpoint: `${elsewhere.origin}/token` });
      }
    });
    origin = mcp.origin;
    servers.push(mcp);
    await expect(clientOf(mcp).challenge(401, challenge(mcp))).rejects.toThrow(
      `refusing to send the configured client credentials to the authorization server ${mcp.origin}`,
    );
    expect(elsewhere.seen).toEqual([]);
  });

  it('never sends a configured jwt_bearer assertion to a foreign authorization server', async () => {
    const foreign = await authorizationServer();
    const mcp = await upstream(() => [foreign.origin]);
    const client = new OAuthClient({
      server: 'web',
      url: new URL(`${mcp.origin}/mcp`),
      store: memoryTokenStore(),
      grant: 'jwt_bearer',
      clientId: 'workload',
      assertion: 'workload-token',
    });
    await expect(client.challenge(401, challenge(mcp))).rejects.toThrow(
      /refusing to send the configured client credentials/,
    );
    expect(foreign.seen.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('lets a client without configured credentials register at a foreign authorization server', async () => {
    const foreign = await authorizationServer();
    const mcp = await upstream(() => [foreign.origin]);
    const client = new OAuthClient({
      server: 'web',
      url: new URL(`${mcp.origin}/mcp`),
      store: memoryTokenStore(),
      grant: 'client_credentials',
    });
    expect(await client.challenge(401, challenge(mcp))).toBe(true);
    expect(foreign.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /.well-known/oauth-authorization-server',
      'POST /register',
      'POST /token',
    ]);
  });
});
