import { describe, expect, it } from 'vitest';
import {
  capabilityGap,
  elicitationModes,
  routerClientCapabilities,
} from '../../../core/mcp/clientCapabilities.js';

describe('routerClientCapabilities', () => {
  it('declares what the router can route, in the shape of each revision', () => {
    expect(routerClientCapabilities('2025-11-25')).toEqual({
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
    });
    expect(routerClientCapabilities('2025-06-18')).toEqual({
      roots: { listChanged: true },
      sampling: {},
      elicitation: {},
    });
    for (const version of ['2024-11-05', '2025-03-26'] as const) {
      expect(routerClientCapabilities(version)).toEqual({
        roots: { listChanged: true },
        sampling: {},
      });
    }
  });
});

describe('elicitationModes', () => {
  const modes = (caps: Record<string, unknown>, version = '2025-11-25') =>
    [...elicitationModes(caps, version)].sort();

  it('reads the declared modes; an empty object is form only', () => {
    expect(modes({})).toEqual([]);
    expect(modes({ elicitation: {} })).toEqual(['form']);
    expect(modes({ elicitation: { form: {} } })).toEqual(['form']);
    expect(modes({ elicitation: { url: {} } })).toEqual(['url']);
    expect(modes({ elicitation: { form: {}, url: {} } })).toEqual(['form', 'url']);
  });

  it('knows only form mode before 2025-11-25', () => {
    expect(modes({ elicitation: { form: {}, url: {} } }, '2025-06-18')).toEqual(['form']);
    expect(modes({ elicitation: {} }, '2025-06-18')).toEqual(['form']);
  });
});

describe('capabilityGap', () => {
  const all = { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} };

  it('lets through what the client declared', () => {
    expect(capabilityGap('sampling/createMessage', {}, all, '2025-11-25')).toBeUndefined();
    expect(capabilityGap('roots/list', undefined, all, '2025-11-25')).toBeUndefined();
    expect(capabilityGap('elicitation/create', {}, all, '2025-11-25')).toBeUndefined();
    expect(capabilityGap('elicitation/create', { mode: 'url' }, all, '2025-11-25')).toBeUndefined();
  });

  it('answers -32601 for a capability the client did not declare', () => {
    for (const method of ['sampling/createMessage', 'elicitation/create', 'roots/list']) {
      const gap = capabilityGap(method, {}, {}, '2025-11-25');
      expect(gap?.code).toBe(-32601);
      expect(gap?.reason).toMatch(/did not declare/);
    }
  });

  it('answers -32602 for an elicitation mode the client did not declare', () => {
    const formOnly = { elicitation: { form: {} } };
    expect(capabilityGap('elicitation/create', { mode: 'url' }, formOnly, '2025-11-25')).toEqual({
      code: -32602,
      reason: expect.stringContaining('url-mode'),
    });
    const urlOnly = { elicitation: { url: {} } };
    expect(capabilityGap('elicitation/create', {}, urlOnly, '2025-11-25')?.code).toBe(-32602);
    expect(
      capabilityGap('elicitation/create', { mode: 'url' }, { elicitation: {} }, '2025-06-18')
        ?.reason,
    ).toContain('2025-06-18 has no URL mode');
    expect(
      capabilityGap('elicitation/create', { mode: 'telepathy' }, all, '2025-11-25')?.code,
    ).toBe(-32602);
  });

  it('answers -32602 for tool-enabled sampling without sampling.tools', () => {
    const params = { tools: [{ name: 'x' }] };
    expect(capabilityGap('sampling/createMessage', params, all, '2025-11-25')?.code).toBe(-32602);
    expect(
      capabilityGap('sampling/createMessage', params, { sampling: { tools: {} } }, '2025-11-25'),
    ).toBeUndefined();
  });
});
