import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientSecretPost } from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import type { Discovered } from '../../../../transports/http/oauth/discovery.js';
import {
  clientCredentialsGrant,
  credentialsOf,
  jwtBearerGrant,
  requirePkce,
} from '../../../../transports/http/oauth/grants.js';

const discovered = (issuer: string, extra: Partial<Discovered['as']> = {}): Discovered => ({
  resourceIndicator: 'https://mcp.example/mcp',
  as: { issuer, token_endpoint: `${issuer}/token`, ...extra },
  asPublished: true,
});

describe('requirePkce', () => {
  it('refuses a server that publishes its methods without S256', () => {
    const found = discovered('https://as.example', { code_challenge_methods_supported: ['plain'] });
    expect(() => requirePkce(found)).toThrow(/does not support PKCE with S256/);
  });

  it('accepts S256, and a server that published nothing (the 2025-03-26 defaults)', () => {
    expect(() =>
      requirePkce(discovered('https://as.example', { code_challenge_methods_supported: ['S256'] })),
    ).not.toThrow();
    expect(() =>
      requirePkce({ ...discovered('https://as.example'), asPublished: false }),
    ).not.toThrow();
  });
});

describe('credentialsOf', () => {
  it('keeps the previous refresh token and the asked scope when the answer has neither', () => {
    const before = Date.now();
    const stored = credentialsOf(
      discovered('https://as.example'),
      { client_id: 'c1' },
      { access_token: 'at', token_type: 'bearer', expires_in: 60 },
      'read',
      'rt-old',
    );
    expect(stored).toMatchObject({
      issuer: 'https://as.example',
      resource: 'https://mcp.example/mcp',
      client: { client_id: 'c1' },
      accessToken: 'at',
      refreshToken: 'rt-old',
      scope: 'read',
    });
    expect(stored.expiresAt).toBeGreaterThanOrEqual(before + 60_000);
  });

  it('takes a rotated refresh token and the granted scope over the old ones', () => {
    const stored = credentialsOf(
      discovered('https://as.example'),
      { client_id: 'c1' },
      { access_token: 'at', token_type: 'bearer', refresh_token: 'rt-new', scope: 'read write' },
      'read',
      'rt-old',
    );
    expect(stored.refreshToken).toBe('rt-new');
    expect(stored.scope).toBe('read write');
    expect(stored.expiresAt).toBeUndefined();
  });
});

describe('machine grants against a token endpoint on loopback', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.close();
    server = undefined;
  });

  /** A token endpoint that records each form it is posted and answers a fixed token. */
  async function tokenEndpoint(): Promise<{ issuer: string; forms: URLSearchParams[] }> {
    const forms: URLSearchParams[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        forms.push(new URLSearchParams(body));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'tok', token_type: 'Bearer', expires_in: 30 }));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return { issuer: `http://127.0.0.1:${port}`, forms };
  }

  it('client credentials: sends the resource indicator and the scope', async () => {
    const { issuer, forms } = await tokenEndpoint();
    const client = { client_id: 'svc' };
    const tokens = await clientCredentialsGrant(
      { found: discovered(issuer), client, auth: ClientSecretPost('s3cret'), dpop: undefined },
      'tools:read',
    );
    expect(tokens.access_token).toBe('tok');
    expect(forms).toHaveLength(1);
    expect(forms[0]?.get('grant_type')).toBe('client_credentials');
    expect(forms[0]?.get('resource')).toBe('https://mcp.example/mcp');
    expect(forms[0]?.get('scope')).toBe('tools:read');
    expect(forms[0]?.get('client_secret')).toBe('s3cret');
  });

  it('JWT bearer: sends the assertion with the resource, and no scope when none is asked', async () => {
    const { issuer, forms } = await tokenEndpoint();
    const tokens = await jwtBearerGrant(
      {
        found: discovered(issuer),
        client: { client_id: 'wl' },
        auth: ClientSecretPost('x'),
        dpop: undefined,
      },
      'eyJ.assertion.sig',
      undefined,
    );
    expect(tokens.access_token).toBe('tok');
    expect(forms[0]?.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(forms[0]?.get('assertion')).toBe('eyJ.assertion.sig');
    expect(forms[0]?.get('resource')).toBe('https://mcp.example/mcp');
    expect(forms[0]?.has('scope')).toBe(false);
  });
});
