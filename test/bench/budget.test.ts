/**
 * The CI performance budget (bench/budget.ts): router CPU per request against the echo's,
 * from one run; a missing figure fails rather than passes.
 */
import { describe, expect, it } from 'vitest';
import { checkBudgets } from '../../bench/budget.js';
import type { RunResult } from '../../bench/results.js';
import { subject as ranSubject } from './resultFixtures.js';

const subject = (name: string, cpuUsPerRequest?: number) =>
  ranSubject(name, [], cpuUsPerRequest === undefined ? {} : { cpuUsPerRequest });

const run = (echo: number | undefined, mux: number | undefined): RunResult =>
  ({
    scenarios: [{ id: 'payload-1k', subjects: [subject('direct', echo), subject('mcp-mux', mux)] }],
  }) as unknown as RunResult;

const budget = [{ scenario: 'payload-1k', maxCpuVsEcho: 5, measured: 'test' }];

describe('checkBudgets', () => {
  it('passes within the multiple of the echo, fails past it', () => {
    const [within] = checkBudgets(run(8, 39.9), budget);
    expect(within).toMatchObject({ ok: true });
    expect(within?.ratio).toBeCloseTo(4.99, 2);
    const [over] = checkBudgets(run(8, 40.1), budget);
    expect(over).toMatchObject({ ok: false });
    expect(over?.line).toContain('OVER BUDGET');
  });

  it('fails when a figure is missing (a subject that did not run)', () => {
    expect(checkBudgets(run(undefined, 20), budget)[0]?.ok).toBe(false);
    expect(checkBudgets(run(8, undefined), budget)[0]?.ok).toBe(false);
    expect(checkBudgets(run(0, 20), budget)[0]?.ok).toBe(false);
  });
});
