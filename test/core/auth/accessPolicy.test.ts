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

describe('mayReceive', () => {
  const bob: Principal = { id: 'token:bob', tokenName: 'bob', scopes: [] };

  it('lets everyone receive everything without rules', () => {
    expect(allowAll.mayReceive(undefined, 'a')).toBe(true);
    expect(compileAccess(undefined).mayReceive(bob, 'a')).toBe(true);
  });

  it("follows the upstreams a principal's rules allow, and nothing else", () => {
    const policy = compileAccess([
      { principals: ['token:alice'], upstreams: ['a', 'b'] },
      { principals: ['token:bob'], upstreams: ['b*'] },
      { principals: ['*'], upstreams: ['public'] },
    ]);
    expect(policy.mayReceive(alice, 'a')).toBe(true);
    expect(policy.mayReceive(alice, 'b')).toBe(true);
    expect(policy.mayReceive(bob, 'b')).toBe(true);
    expect(policy.mayReceive(bob, 'beta')).toBe(true);
    expect(policy.mayReceive(bob, 'a')).toBe(false);
    expect(policy.mayReceive(bob, 'public')).toBe(true);
    // No principal (stdio, a listener without auth): only `*` rules.
    expect(policy.mayReceive(undefined, 'public')).toBe(true);
    expect(policy.mayReceive(undefined, 'b')).toBe(false);
  });

  it('ignores tool globs: a rule that allows some tools of an upstream lets its traffic through', () => {
    const policy = compileAccess([{ principals: ['token:bob'], tools: ['a__read*'] }]);
    expect(policy.allows(bob, 'a', 'tools', 'a__write')).toBe(false);
    expect(policy.mayReceive(bob, 'a')).toBe(true);
    expect(compileAccess([{ principals: ['token:alice'] }]).mayReceive(bob, 'a')).toBe(false);
  });
});
