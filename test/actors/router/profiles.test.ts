import { describe, expect, it } from 'vitest';
import { Profiles } from '../../../actors/router/profiles.js';
import type { ProfileConfig } from '../../../core/config/index.js';

const SEARCH = { mode: 'search', threshold: 40, maxResults: 10, maxActivated: 32 } as const;

describe('Profiles', () => {
  it('is inactive without profiles', () => {
    expect(new Profiles(() => undefined).compiled).toBeUndefined();
    expect(new Profiles(() => ({})).compiled).toBeUndefined();
  });

  it('matches upstream names, exposed tool/prompt names and resource URIs by their globs', () => {
    const profiles = new Profiles(() => ({
      coding: { upstreams: ['git*'], tools: ['*__read_*'], prompts: [], resources: ['repo:/**'] },
    }));
    expect(profiles.allows('coding', 'github', 'tools', 'github__read_file')).toBe(true);
    expect(profiles.allows('coding', 'github', 'tools', 'github__delete')).toBe(false);
    expect(profiles.allows('coding', 'fs', 'tools', 'fs__read_file')).toBe(false);
    expect(profiles.allows('coding', 'github', 'prompts', 'github__p')).toBe(false);
    expect(profiles.allows('coding', 'github', 'resources', 'repo:/a/b')).toBe(true);
    expect(profiles.allows('coding', 'github', 'resourceTemplates', 'repo:/{path}')).toBe(true);
    expect(profiles.allows('coding', 'github', 'upstream', '')).toBe(true);
    expect(profiles.mayReceive('coding', 'github')).toBe(true);
    expect(profiles.mayReceive('coding', 'fs')).toBe(false);
  });

  it('lets everything of a kind through when its key is left out', () => {
    const profiles = new Profiles(() => ({ all: {} }));
    expect(profiles.allows('all', 'x', 'tools', 'x__y')).toBe(true);
    expect(profiles.has('all')).toBe(true);
  });

  it('shows nothing to a profile it does not have', () => {
    const profiles = new Profiles(() => ({ a: {} }));
    expect(profiles.has('b')).toBe(false);
    expect(profiles.allows('b', 'x', 'tools', 'x__y')).toBe(false);
    expect(profiles.mayReceive('b', 'x')).toBe(false);
  });

  it("gives a profile's own toolSearch, else the router's", () => {
    const profiles = new Profiles(() => ({ s: { toolSearch: SEARCH }, plain: {} }));
    const routerWide = { ...SEARCH, mode: 'auto' as const };
    expect(profiles.toolSearch('s', routerWide)).toBe(SEARCH);
    expect(profiles.toolSearch('plain', routerWide)).toBe(routerWide);
  });

  it('recompiles when the config is replaced (a reload)', () => {
    let current: Record<string, ProfileConfig> = { a: { upstreams: ['x'] } };
    const profiles = new Profiles(() => current);
    expect(profiles.mayReceive('a', 'y')).toBe(false);
    current = { a: { upstreams: ['y'] } };
    expect(profiles.mayReceive('a', 'y')).toBe(true);
  });
});
