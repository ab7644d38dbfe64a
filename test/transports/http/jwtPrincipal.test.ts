/**
 * The principal of verified JWT claims (transports/http/jwtPrincipal.ts): by `sub`; without
 * `sub` by the client (`client_id`, else `azp`) under a prefix of its own; neither: none.
 */
import { describe, expect, it } from 'vitest';
import { principalOfClaims, scopesOf } from '../../../transports/http/jwtPrincipal.js';

const iss = 'https://as.example';

describe('principalOfClaims', () => {
  it('names a token with sub by its subject, keeping client id and scopes as rights', () => {
    expect(principalOfClaims({ iss, sub: 'carol', client_id: 'app', scope: 'a b' })).toEqual({
      id: `jwt:${iss}#carol`,
      subject: 'carol',
      clientId: 'app',
      scopes: ['a', 'b'],
    });
  });

  it('names a token without sub by its client, apart from any subject of the same text', () => {
    const byClientId = principalOfClaims({ iss, client_id: 'svc-a', scope: 'x' });
    expect(byClientId).toEqual({ id: `jwt-client:${iss}#svc-a`, clientId: 'svc-a', scopes: ['x'] });
    expect(principalOfClaims({ iss, azp: 'svc-b' })?.id).toBe(`jwt-client:${iss}#svc-b`);
    // A user whose subject is spelled like a client id is another principal.
    expect(principalOfClaims({ iss, sub: 'svc-a' })?.id).not.toBe(byClientId?.id);
    // Two clients without sub are two principals (they used to be one: `jwt:<iss>#`).
    expect(principalOfClaims({ iss, client_id: 'svc-b' })?.id).not.toBe(byClientId?.id);
  });

  it('names nobody when the token has neither sub nor a client (or only empty ones)', () => {
    expect(principalOfClaims({ iss, scope: 'mcp:admin' })).toBeUndefined();
    expect(principalOfClaims({ iss, sub: '', client_id: '' })).toBeUndefined();
    expect(
      principalOfClaims({ iss, sub: 42 as unknown as string, client_id: ['x'] }),
    ).toBeUndefined();
  });

  it('reads scopes from scope (space-separated) or an scp array', () => {
    expect(scopesOf({ scope: ' a  b ' })).toEqual(['a', 'b']);
    expect(scopesOf({ scp: ['a', 1, 'b'] })).toEqual(['a', 'b']);
    expect(scopesOf({})).toEqual([]);
  });
});
