import { ClientSecretPost } from 'oauth4webapi';
import { afterEach, describe, expect, it } from 'vitest';
import type { Discovered } from '../../../../transports/http/oauth/discovery.js';
import {
  clientCredentialsGrant,
  credentialsOf,
  jwtBearerGrant,
  requirePkce,
} from '../../../../transports/http/oauth/grants.js';
import { startTokenEndpoint, type TokenEndpoint } from '../../../fixtures/tokenEndpoint.js';

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
  let endpoint: TokenEndpoint | undefined;
  afterEach(() => {
    endpoint?.close();
    endpoint = undefined;
  });

  /** A token endpoint that records each form it is posted and answers a fixed token. */
  async function tokenEndpoint(): Promise<TokenEndpoint> {
    endpoint = await startTokenEndpoint(200, {
      access_token: 'tok',
      token_type: 'Bearer',
      expires_in: 30,
    });
    return endpoint;
  }

  it('client credentials: sends the resource indicator and the scope', async () => {
    const { origin: issuer, seen } = await tokenEndpoint();
    const client = { client_id: 'svc' };
    const tokens = await clientCredentialsGrant(
      { found: discovered(issuer), client, auth: ClientSecretPost('s3cret'), dpop: undefined },
      'tools:read',
    );
    expect(tokens.access_token).toBe('tok');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.form.get('grant_type')).toBe('client_credentials');
    expect(seen[0]?.form.get('resource')).toBe('https://mcp.example/mcp');
    expect(seen[0]?.form.get('scope')).toBe('tools:read');
    expect(seen[0]?.form.get('client_secret')).toBe('s3cret');
  });

  it('JWT bearer: sends the assertion with the resource, and no scope when none is asked', async () => {
    const { origin: issuer, seen } = await tokenEndpoint();
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
    expect(seen[0]?.form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(seen[0]?.form.get('assertion')).toBe('eyJ.assertion.sig');
    expect(seen[0]?.form.get('resource')).toBe('https://mcp.example/mcp');
    expect(seen[0]?.form.has('scope')).toBe(false);
  });
});
