/**
 * BearerAuth against real JWTs: the authorization server of test/fixtures/oauthServer.ts signs
 * them and serves its JWKS on loopback; requests are plain objects with headers.
 */
import type { IncomingMessage } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BearerAuth } from '../../../transports/http/bearerAuth.js';
import { type OAuthServer, startOAuthServer } from '../../fixtures/oauthServer.js';

let server: OAuthServer;
beforeAll(async () => {
  server = await startOAuthServer();
});
afterAll(() => server.close());

const RESOURCE = 'https://mux.example.com/mcp';
const request = (token?: string) =>
  ({
    headers: { host: 'mux.example.com', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }) as IncomingMessage;

describe('BearerAuth', () => {
  it('accepts named and unnamed static tokens next to JWTs', async () => {
    const auth = new BearerAuth(
      { bearerTokens: ['unnamed-token-0123456789'], namedTokens: { ops: 'ops-token-0123456789' } },
      '/mcp',
    );
    expect(await auth.authenticate(request('ops-token-0123456789'))).toEqual({
      principal: { id: 'token:ops', tokenName: 'ops', scopes: [] },
    });
    const unnamed = await auth.authenticate(request('unnamed-token-0123456789'));
    expect('principal' in unnamed && unnamed.principal?.id).toMatch(/^token:[0-9a-f]{32}$/);
    const wrong = await auth.authenticate(request('nope'));
    expect('rejection' in wrong && wrong.rejection.headers).toEqual({
      'www-authenticate': 'Bearer error="invalid_token"',
    });
  });

  it('answers 403 insufficient_scope when required scopes are missing, reading scope or scp', async () => {
    const auth = new BearerAuth(
      {
        jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl },
        resource: RESOURCE,
        requiredScopes: ['mcp:tools'],
      },
      '/mcp',
    );
    const weak = await auth.authenticate(
      request(await server.mint({ sub: 'u', scope: 'mcp:read' }, { audience: RESOURCE })),
    );
    expect('rejection' in weak && weak.rejection).toEqual({
      status: 403,
      message: 'Forbidden: the token lacks the scope mcp:tools',
      headers: {
        'www-authenticate':
          'Bearer error="insufficient_scope", scope="mcp:tools", resource_metadata="https://mux.example.com/.well-known/oauth-protected-resource/mcp"',
      },
    });
    const strong = await auth.authenticate(
      request(
        await server.mint(
          { sub: 'u', scp: ['mcp:tools', 'x'], client_id: 'app' },
          { audience: RESOURCE },
        ),
      ),
    );
    expect(strong).toEqual({
      principal: {
        id: `jwt:${server.issuer}#u`,
        subject: 'u',
        clientId: 'app',
        scopes: ['mcp:tools', 'x'],
      },
    });
  });

  it('verifies with a static JWK and refuses tokens without exp or of another issuer', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = JSON.stringify({ ...(await exportJWK(publicKey)), alg: 'ES256' });
    const auth = new BearerAuth(
      { jwt: { issuer: 'https://as.example', publicKey: jwk, audience: ['api'] } },
      '/mcp',
      ['mux.example.com'],
    );
    const sign = (claims: Record<string, unknown>, exp: boolean, issuer = 'https://as.example') => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(issuer)
        .setAudience('api');
      return (exp ? jwt.setExpirationTime('1m') : jwt).sign(privateKey);
    };
    expect(await auth.authenticate(request(await sign({ sub: 's' }, true)))).toMatchObject({
      principal: { subject: 's' },
    });
    for (const token of [
      await sign({ sub: 's' }, false),
      await sign({ sub: 's' }, true, 'https://evil.example'),
    ]) {
      const refused = await auth.authenticate(request(token));
      expect('rejection' in refused && refused.rejection.status).toBe(401);
      expect(JSON.stringify(refused)).not.toContain(token);
    }
  });

  it('takes the audience from configuration, never from the Host header', async () => {
    // Host checked (the listener's names given): the audience is the listener's own URLs.
    const listener = new BearerAuth(
      { jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl } },
      '/mcp',
      ['127.0.0.1:8080', 'localhost:8080'],
    );
    const forged = (token: string) =>
      ({ headers: { host: 'evil.example', authorization: `Bearer ${token}` } }) as IncomingMessage;
    const foreign = await server.mint({ sub: 'u' }, { audience: 'http://evil.example/mcp' });
    const refused = await listener.authenticate(forged(foreign));
    expect('rejection' in refused && refused.rejection.status).toBe(401);
    const own = await server.mint({ sub: 'u' }, { audience: 'http://localhost:8080/mcp' });
    expect(await listener.authenticate(forged(own))).toMatchObject({ principal: { subject: 'u' } });
    // The metadata names the listener, not the forged Host.
    expect(listener.metadata(forged(own)).resource).toBe('http://127.0.0.1:8080/mcp');
    expect(listener.metadata(request()).resource).toBe('http://127.0.0.1:8080/mcp');

    // On port 80 the URL is written without the port, as clients write it.
    const port80 = new BearerAuth(
      { jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl } },
      '/mcp',
      ['127.0.0.1:80', 'localhost:80'],
    );
    const plain = await server.mint({ sub: 'u' }, { audience: 'http://localhost/mcp' });
    expect(await port80.authenticate(forged(plain))).toMatchObject({ principal: { subject: 'u' } });
    const local = { headers: { host: 'localhost' } } as IncomingMessage;
    expect(port80.metadata(local).resource).toBe('http://localhost/mcp');

    // A configured resource is the audience, whatever Host says.
    const configured = new BearerAuth(
      { jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl }, resource: RESOURCE },
      '/mcp',
    );
    const stranger = await configured.authenticate(forged(foreign));
    expect('rejection' in stranger && stranger.rejection.status).toBe(401);
    expect(configured.metadata(forged(own)).resource).toBe(RESOURCE);
  });

  it('refuses JWT mode without a resource when Host is not checked (behind a proxy)', () => {
    const jwt = { issuer: server.issuer, jwksUrl: server.jwksUrl };
    expect(() => new BearerAuth({ jwt }, '/mcp')).toThrow(/needs mcpMux\.auth\.resource/);
    expect(() => new BearerAuth({ jwt: { ...jwt, audience: ['api'] } }, '/mcp')).toThrow(
      /needs mcpMux\.auth\.resource/,
    );
    expect(() => new BearerAuth({ jwt, resource: RESOURCE }, '/mcp')).not.toThrow();
    expect(() => new BearerAuth({ bearerTokens: ['t'] }, '/mcp')).not.toThrow();
  });

  it('names sub-less tokens by their client, and refuses tokens that name nobody', async () => {
    const auth = new BearerAuth(
      { jwt: { issuer: server.issuer, jwksUrl: server.jwksUrl }, resource: RESOURCE },
      '/mcp',
    );
    const as = async (claims: Record<string, unknown>) =>
      auth.authenticate(request(await server.mint(claims, { audience: RESOURCE })));
    const a = await as({ client_id: 'svc-a', scope: 'x' });
    const b = await as({ azp: 'svc-b' });
    expect(a).toEqual({
      principal: { id: `jwt-client:${server.issuer}#svc-a`, clientId: 'svc-a', scopes: ['x'] },
    });
    expect('principal' in b && b.principal?.id).toBe(`jwt-client:${server.issuer}#svc-b`);
    const nobody = await as({ scope: 'mcp:admin' });
    expect('rejection' in nobody && nobody.rejection).toMatchObject({
      status: 401,
      message: expect.stringMatching(/names no subject/),
      headers: { 'www-authenticate': expect.stringContaining('error="invalid_token"') },
    });
  });
});
