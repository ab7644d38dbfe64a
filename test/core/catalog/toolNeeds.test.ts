/**
 * ToolNeeds and toolsForClient: what tools were seen (or declared) to need from the client,
 * and the tools list as a client with given capabilities sees it (mark, hide, off).
 */
import { describe, expect, it } from 'vitest';
import {
  DECLARED_NEEDS_META,
  MAX_TOOLS,
  MISSING_NEEDS_META,
  ToolNeeds,
  toolsForClient,
} from '../../../core/catalog/toolNeeds.js';

const items = [
  { name: 'up__ask', description: 'asks' },
  { name: 'up__plain' },
  { name: 'up__declared', _meta: { [DECLARED_NEEDS_META]: ['sampling', 'bogus'], keep: 1 } },
];
const origins = [
  { upstream: 'up', original: 'ask' },
  { upstream: 'up', original: 'plain' },
  { upstream: 'up', original: 'declared' },
];

describe('ToolNeeds', () => {
  it('learns each need once, per upstream and tool, and forgets an upstream', () => {
    const needs = new ToolNeeds();
    expect(needs.learn('up', 'ask', 'elicitation')).toBe(true);
    expect(needs.learn('up', 'ask', 'elicitation')).toBe(false);
    expect(needs.learn('up', 'ask', 'sampling')).toBe(true);
    expect(needs.learn('other', 'ask', 'roots')).toBe(true);
    expect(needs.version).toBe(3);
    expect(needs.needsOf('up', 'ask', {})).toEqual(['elicitation', 'sampling']);
    expect(needs.needsOf('up', 'plain', {})).toEqual([]);
    needs.forget('up');
    expect(needs.needsOf('up', 'ask', {})).toEqual([]);
    expect(needs.needsOf('other', 'ask', {})).toEqual(['roots']);
  });

  it('adds what an upstream declares in _meta, ignoring names that are no capability', () => {
    const needs = new ToolNeeds();
    expect(needs.needsOf('up', 'declared', items[2] as Record<string, unknown>)).toEqual([
      'sampling',
    ]);
    needs.learn('up', 'declared', 'roots');
    expect(needs.needsOf('up', 'declared', items[2] as Record<string, unknown>)).toEqual([
      'roots',
      'sampling',
    ]);
  });

  it('tells when a list may need anything (else the list is served without a look)', () => {
    const needs = new ToolNeeds();
    expect(needs.mayApplyTo([items[0] as Record<string, unknown>])).toBe(false);
    expect(needs.mayApplyTo(items)).toBe(true);
    needs.learn('up', 'ask', 'roots');
    expect(needs.mayApplyTo([])).toBe(true);
  });

  it('is bounded: the oldest tool is forgotten past MAX_TOOLS', () => {
    const needs = new ToolNeeds();
    for (let i = 0; i <= MAX_TOOLS; i++) needs.learn('up', `t${i}`, 'sampling');
    expect(needs.size).toBe(MAX_TOOLS);
    expect(needs.needsOf('up', 't0', {})).toEqual([]);
    expect(needs.needsOf('up', `t${MAX_TOOLS}`, {})).toEqual(['sampling']);
  });
});

describe('toolsForClient', () => {
  const needs = new ToolNeeds();
  needs.learn('up', 'ask', 'elicitation');
  needs.learn('up', 'ask', 'sampling');

  it('marks, in a copy, what a client without the capability would need', () => {
    const view = toolsForClient(items, origins, needs, { elicitation: {} }, 'mark');
    expect(view).toHaveLength(3);
    expect(view[0]).toEqual({ ...items[0], _meta: { [MISSING_NEEDS_META]: ['sampling'] } });
    expect(view[1]).toBe(items[1]);
    expect(view[2]?._meta).toEqual({ ...items[2]?._meta, [MISSING_NEEDS_META]: ['sampling'] });
    // The catalog's items are not touched.
    expect(items[0]).not.toHaveProperty('_meta');
  });

  it('hides them instead, and returns the same array when the client lacks nothing', () => {
    const hidden = toolsForClient(items, origins, needs, {}, 'hide');
    expect(hidden.map((tool) => tool.name)).toEqual(['up__plain']);
    const all = { elicitation: {}, sampling: {} };
    expect(toolsForClient(items, origins, needs, all, 'mark')).toBe(items);
    expect(toolsForClient(items, origins, needs, {}, 'off')).toBe(items);
  });

  it('counts a capability as declared only when it is an object', () => {
    const view = toolsForClient(items, origins, needs, { elicitation: true, sampling: {} }, 'mark');
    expect(view[0]?._meta).toEqual({ [MISSING_NEEDS_META]: ['elicitation'] });
  });
});
