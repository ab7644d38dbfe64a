/** `sameRights` (core/auth/principal.ts): what a session's token and a later token must share. */
import { describe, expect, it } from 'vitest';
import { type Principal, sameRights } from '../../../core/auth/index.js';

const admin: Principal = {
  id: 'jwt:https://as#carol',
  subject: 'carol',
  clientId: 'app',
  scopes: ['mcp:read', 'mcp:admin'],
};

describe('sameRights', () => {
  it('holds for the same id, client and scopes in any order', () => {
    expect(sameRights(admin, { ...admin, scopes: ['mcp:admin', 'mcp:read', 'mcp:read'] })).toBe(
      true,
    );
    expect(sameRights(undefined, undefined)).toBe(true);
    expect(
      sameRights(
        { id: 'token:ops', tokenName: 'ops', scopes: [] },
        { id: 'token:ops', tokenName: 'ops', scopes: [] },
      ),
    ).toBe(true);
  });

  it('fails for fewer or more scopes, another client, another id, or one side missing', () => {
    expect(sameRights(admin, { ...admin, scopes: ['mcp:read'] })).toBe(false);
    expect(sameRights({ ...admin, scopes: ['mcp:read'] }, admin)).toBe(false);
    expect(sameRights(admin, { ...admin, scopes: ['mcp:read', 'mcp:other'] })).toBe(false);
    expect(sameRights(admin, { ...admin, clientId: 'other-app' })).toBe(false);
    const { clientId: _, ...withoutClient } = admin;
    expect(sameRights(admin, withoutClient)).toBe(false);
    expect(sameRights(admin, { ...admin, id: 'jwt:https://as#dave' })).toBe(false);
    expect(sameRights(admin, undefined)).toBe(false);
    expect(sameRights(undefined, admin)).toBe(false);
  });
});
