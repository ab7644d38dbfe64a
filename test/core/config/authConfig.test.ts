// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is config syntax under test, not a template.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/config.js';

const issuesOf = (value: unknown, env: Record<string, string> = {}) => {
  try {
    parseConfig(value, { env });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
};

describe('auth config', () => {
  it('parses a server auth block, substituting secrets and resolving the token file', () => {
    const config = parseConfig(
      {
        mcpServers: {
          web: {
            url: 'https://mcp.example.com/mcp',
            auth: {
              clientId: 'c',
              clientSecret: '${env:SECRET}',
              scope: 'a b',
              tokenFile: 'state/t.json',
            },
          },
        },
      },
      { env: { SECRET: 's3cret' }, baseDir: '/etc/mux' },
    );
    expect(config.upstreams[0]?.auth).toEqual({
      grant: 'authorization_code',
      clientId: 'c',
      clientSecret: 's3cret',
      scope: 'a b',
      tokenFile: '/etc/mux/state/t.json',
    });
  });

  it('reports auth on stdio servers, bad grants and machine clients without a secret', () => {
    const issues = issuesOf({
      mcpServers: {
        local: { command: 'x', auth: {} },
        m2m: { url: 'https://a/mcp', auth: { grant: 'client_credentials', clientId: 'c' } },
        bad: { url: 'https://a/mcp', auth: { grant: 'password', extra: 1 } },
      },
    });
    expect(issues.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        'mcpServers.local.auth',
        'mcpServers.m2m.auth',
        'mcpServers.bad.auth.grant',
        'mcpServers.bad.auth.extra',
      ]),
    );
  });

  it('pins issuers (issuer first, then authorizationServers) and keeps metadataOrigins as origins', () => {
    const config = parseConfig({
      mcpServers: {
        web: {
          url: 'https://mcp.example.com/mcp',
          auth: {
            issuer: 'https://login.example.com/tenant',
            authorizationServers: ['https://as.example.com', 'https://login.example.com/tenant'],
            metadataOrigins: ['https://meta.example.com:8443/anything'],
          },
        },
      },
    });
    expect(config.upstreams[0]?.auth).toEqual({
      grant: 'authorization_code',
      authorizationServers: ['https://login.example.com/tenant', 'https://as.example.com'],
      metadataOrigins: ['https://meta.example.com:8443'],
    });
    const issues = issuesOf({
      mcpServers: {
        a: {
          url: 'https://a/mcp',
          auth: {
            issuer: 'https://as.example.com/?x=1',
            authorizationServers: ['not a url'],
            metadataOrigins: 'https://meta.example.com',
          },
        },
      },
    });
    expect(issues.map((i) => `${i.path}: ${i.reason}`)).toEqual([
      'mcpServers.a.auth.issuer: an issuer has no query or fragment',
      'mcpServers.a.auth.authorizationServers[0]: expected an absolute http(s) URL, got "not a url"',
      'mcpServers.a.auth.metadataOrigins: expected an array, got string',
    ]);
  });

  it('takes exactly one assertion source for jwt_bearer, an idp with one ID token source', () => {
    const config = parseConfig({
      mcpServers: {
        ent: {
          url: 'https://a/mcp',
          auth: {
            grant: 'jwt_bearer',
            clientId: 'c',
            clientSecret: 's',
            dpop: true,
            idp: { tokenEndpoint: 'https://idp/token', clientId: 'i', idToken: 't' },
          },
        },
      },
    });
    expect(config.upstreams[0]?.auth).toMatchObject({
      grant: 'jwt_bearer',
      dpop: true,
      idp: { tokenEndpoint: 'https://idp/token', clientId: 'i', idToken: 't' },
    });
    const issues = issuesOf({
      mcpServers: {
        both: {
          url: 'https://a/mcp',
          auth: { grant: 'jwt_bearer', assertion: 'x', assertionFile: '/f' },
        },
        none: { url: 'https://a/mcp', auth: { grant: 'jwt_bearer' } },
        idp: {
          url: 'https://a/mcp',
          auth: { grant: 'jwt_bearer', idp: { tokenEndpoint: 'nope' } },
        },
      },
    });
    expect(issues.map((i) => i.path)).toEqual([
      'mcpServers.both.auth',
      'mcpServers.none.auth',
      'mcpServers.idp.auth.idp.tokenEndpoint',
      'mcpServers.idp.auth',
    ]);
  });

  it('parses mcpMux.auth and mcpMux.access', () => {
    const config = parseConfig(
      {
        mcpServers: {},
        mcpMux: {
          auth: {
            tokens: { alice: '${env:ALICE}' },
            jwt: { issuer: 'https://as', jwksUrl: 'https://as/jwks', audience: 'https://mux/mcp' },
            requiredScopes: ['mcp'],
          },
          access: [
            {
              principals: ['token:alice', 'scope:mcp:admin'],
              upstreams: ['a*'],
              tools: ['a__read*'],
            },
          ],
        },
      },
      { env: { ALICE: 'alice-token-0123456789' } },
    );
    expect(config.auth).toEqual({
      tokens: { alice: 'alice-token-0123456789' },
      jwt: { issuer: 'https://as', jwksUrl: 'https://as/jwks', audience: ['https://mux/mcp'] },
      requiredScopes: ['mcp'],
    });
    expect(config.access?.[0]?.upstreams).toEqual(['a*']);
  });

  it('reports short tokens, a jwt without keys and unknown principal kinds', () => {
    const issues = issuesOf({
      mcpServers: {},
      mcpMux: {
        auth: { tokens: { short: 'abc' }, jwt: { issuer: 'https://as' } },
        access: [{ principals: ['user:x'] }, { upstreams: ['a'] }],
      },
    });
    expect(issues.map((i) => i.path)).toEqual([
      'mcpMux.auth.tokens.short',
      'mcpMux.auth.jwt',
      'mcpMux.access[0].principals[0]',
      'mcpMux.access[1].principals',
    ]);
  });
});
