/**
 * The token exchange with an enterprise identity provider (transports/http/oauth/idp.ts), against
 * a loopback IdP: the RFC 8693 form, client authentication, the ID token from a file, refusals.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeForIdJag } from '../../../../transports/http/oauth/idp.js';
import { startTokenEndpoint, type TokenEndpoint } from '../../../fixtures/tokenEndpoint.js';

let endpoint: TokenEndpoint | undefined;
afterEach(() => {
  endpoint?.close();
  endpoint = undefined;
});

async function idp(status = 200, answer: object = { access_token: 'id-jag-1' }) {
  endpoint = await startTokenEndpoint(status, answer);
  return { tokenEndpoint: endpoint.url, seen: endpoint.seen };
}

describe('exchangeForIdJag', () => {
  it('posts the token-exchange form and returns the ID-JAG', async () => {
    const { tokenEndpoint, seen } = await idp();
    const jag = await exchangeForIdJag(
      { tokenEndpoint, idToken: 'user-id-token', clientId: 'mux' },
      'https://as.example',
      'https://mcp.example/mcp',
      'read write',
    );
    expect(jag).toBe('id-jag-1');
    expect(Object.fromEntries(seen[0]?.form ?? [])).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'user-id-token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: 'https://as.example',
      resource: 'https://mcp.example/mcp',
      scope: 'read write',
      client_id: 'mux', // no secret: a public client names itself in the form
    });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('authenticates a confidential client with Basic (form-encoded id and secret)', async () => {
    const { tokenEndpoint, seen } = await idp();
    await exchangeForIdJag(
      { tokenEndpoint, idToken: 't', clientId: 'mux client', clientSecret: 's:e/c' },
      'a',
      'r',
      undefined,
    );
    const basic = Buffer.from('mux+client:s%3Ae%2Fc').toString('base64');
    expect(seen[0]?.authorization).toBe(`Basic ${basic}`);
    expect(seen[0]?.form.has('client_id')).toBe(false);
    expect(seen[0]?.form.has('scope')).toBe(false);
  });

  it('reads the ID token from a file, trimmed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mux-idp-'));
    try {
      const file = join(dir, 'id_token');
      await writeFile(file, 'from-file\n');
      const { tokenEndpoint, seen } = await idp();
      await exchangeForIdJag({ tokenEndpoint, idTokenFile: file }, 'a', 'r', undefined);
      expect(seen[0]?.form.get('subject_token')).toBe('from-file');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('surfaces the IdP’s error, or the status when it gave none', async () => {
    const refusing = await idp(400, { error: 'invalid_grant' });
    await expect(
      exchangeForIdJag(
        { tokenEndpoint: refusing.tokenEndpoint, idToken: 't' },
        'a',
        'r',
        undefined,
      ),
    ).rejects.toThrow('the identity provider refused the token exchange: invalid_grant');
    endpoint?.close();
    const tokenless = await idp(200, { token_type: 'N_A' });
    await expect(
      exchangeForIdJag(
        { tokenEndpoint: tokenless.tokenEndpoint, idToken: 't' },
        'a',
        'r',
        undefined,
      ),
    ).rejects.toThrow('the identity provider refused the token exchange: HTTP 200');
  });

  it('refuses plain HTTP to a host that is not loopback, before sending anything', async () => {
    await expect(
      exchangeForIdJag(
        { tokenEndpoint: 'http://idp.example/token', idToken: 't' },
        'a',
        'r',
        undefined,
      ),
    ).rejects.toThrow('refusing http://idp.example: the identity provider must use HTTPS');
  });
});
