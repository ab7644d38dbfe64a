import { describe, expect, it } from 'vitest';
import { allowAll, compileAccess } from '../../../core/auth/accessPolicy.js';
import type { Principal } from '../../../core/auth/principal.js';

const alice: Principal = { id: 'token:alice', tokenName: 'alice', scopes: [] };
const carol: Principal = {
  id: 'jwt:x#carol',
  subject: 'carol',
  clientId: 'app-1',
  scopes: ['mcp:read', 'mcp:admin'],
};

describe('compileAccess', () => {
  it('allows everything without rules', () => {
    expect(compileAccess(undefined)).toBe(allowAll);
    expect(allowAll.allows(undefined, 'a', 'tools', 'a__x')).toBe(true);
  });

  it('matches principals by token name, subject, client, scope and *', () => {
    const policy = compileAccess([
      { principals: ['token:alice'], upstreams: ['a'] },
      { principals: ['sub:car*'], upstreams: ['b'] },
      { principals: ['client:app-1'], upstreams: ['c'] },
      { principals: ['scope:mcp:admin'], upstreams: ['d'] },
      { principals: ['*'], upstreams: ['public'] },
    ]);
    expect(policy.allows(alice, 'a', 'tools', 'a__x')).toBe(true);
    expect(policy.allows(alice, 'b', 'tools', 'b__x')).toBe(false);
    for (const upstream of ['b', 'c', 'd', 'public']) {
      expect(policy.allows(carol, upstream, 'prompts', 'p')).toBe(true);
    }
    expect(policy.allows(carol, 'a', 'upstream', '')).toBe(false);
    // No principal (unauthenticated listener): only `*` rules.
    expect(policy.allows(undefined, 'public', 'tools', 'public__x')).toBe(true);
    expect(policy.allows(undefined, 'a', 'tools', 'a__x')).toBe(false);
  });

  it('applies tool globs to tools only; other kinds follow the upstream', () => {
    const policy = compileAccess([{ principals: ['token:alice'], tools: ['a__read*'] }]);
    expect(policy.allows(alice, 'a', 'tools', 'a__read_file')).toBe(true);
    expect(policy.allows(alice, 'a', 'tools', 'a__write_file')).toBe(false);
    expect(policy.allows(alice, 'b', 'resources', 'file:///x')).toBe(true);
    expect(policy.allows(alice, 'b', 'upstream', '')).toBe(true);
  });

  it('denies by default when rules exist and none matches', () => {
    const policy = compileAccess([{ principals: ['token:bob'] }]);
    expect(policy.allows(alice, 'a', 'upstream', '')).toBe(false);
  });
});
