import { describe, expect, it } from 'vitest';
import { compareBuilds, renderComparisons, twinOf } from '../../bench/report/compare.js';
import { renderMarkdown } from '../../bench/report/markdown.js';
import type { RoundResult } from '../../bench/results.js';
import { subject as ranSubject, round, runOf as run } from './resultFixtures.js';

const subject = (name: string, rounds: RoundResult[], status: 'ok' | 'failed' = 'ok') =>
  ranSubject(name, rounds, { status });

describe('compareBuilds', () => {
  it('names the twin of a router subject and of a named variant', () => {
    expect(twinOf('mcp-mux@d28c50a')).toBe('mcp-mux');
    expect(twinOf('mcp-mux ×100 mcp-mux@main')).toBe('mcp-mux ×100');
    expect(twinOf('mcp-mux')).toBeUndefined();
    expect(twinOf('relay-floor')).toBeUndefined();
  });

  it('pairs round r with the twin round r, so a drift of the machine cancels out', () => {
    // The machine's speed moves 6-fold between rounds; this build is 10% faster in every
    // round: every per-round ratio is 1.10, whatever the round's speed.
    const ours = [round(1100, 20), round(550, 40), round(330, 60), round(2200, 10), round(440, 50)];
    const theirs = [
      round(1000, 22),
      round(500, 44),
      round(300, 66),
      round(2000, 11),
      round(400, 55),
    ];
    const [c] = compareBuilds(
      run([
        subject(
          'direct',
          ours.map(() => round(3000)),
        ),
        subject('mcp-mux', ours),
        subject('mcp-mux@base', theirs),
      ]),
    );
    expect(c).toMatchObject({
      scenario: 'payload-1k',
      subject: 'mcp-mux',
      twin: 'mcp-mux@base',
      pairs: 5,
    });
    expect(c?.throughput.paired).toBeCloseTo(1.1);
    expect(c?.throughput.min).toBeCloseTo(1.1);
    expect(c?.throughput.max).toBeCloseTo(1.1);
    expect(c?.cpu?.paired).toBeCloseTo(20 / 22);
    expect(c?.throughput.ofMedians).toBeCloseTo(1.1);
  });

  it('reports the spread when the pairs disagree, and the median of the ratios', () => {
    const ours = [round(1000, 10), round(1000, 10), round(1000, 10)];
    const theirs = [round(500, 20), round(1000, 10), round(2000, 5)];
    const [c] = compareBuilds(run([subject('mcp-mux', ours), subject('mcp-mux@b', theirs)]));
    expect(c?.throughput).toMatchObject({ paired: 1, min: 0.5, max: 2 });
    expect(c?.cpu).toMatchObject({ paired: 1, min: 0.5, max: 2 });
  });

  it('leaves out twins that failed, whose rounds do not line up, or that carry no CPU', () => {
    const three = [round(1000, 10), round(1000, 10), round(1000, 10)];
    expect(
      compareBuilds(run([subject('mcp-mux', three), subject('mcp-mux@b', three, 'failed')])),
    ).toEqual([]);
    expect(
      compareBuilds(run([subject('mcp-mux', three), subject('mcp-mux@b', three.slice(1))])),
    ).toEqual([]);
    const noCpu = [round(1000), round(1000)];
    const [c] = compareBuilds(run([subject('mcp-mux', noCpu), subject('mcp-mux@b', noCpu)]));
    expect(c?.throughput.paired).toBe(1);
    expect(c?.cpu).toBeUndefined();
  });

  it('adds a section to the report only when builds were compared', () => {
    const rounds = [round(1100, 20), round(1100, 20)];
    const compared = run([
      subject('mcp-mux', rounds),
      subject('mcp-mux@b', [round(1000, 25), round(1000, 25)]),
    ]);
    const text = renderMarkdown(compared);
    expect(text).toContain('## Against other builds (`--compare`)');
    expect(text).toContain(
      '| payload-1k | mcp-mux | mcp-mux@b | 1.10× | 1.10× (1.10×–1.10×) | 0.80× | 0.80× (0.80×–0.80×) |',
    );
    expect(renderComparisons(run([subject('mcp-mux', rounds)]), '##')).toEqual([]);
    expect(renderMarkdown(run([subject('mcp-mux', rounds)]))).not.toContain('Against other builds');
  });
});
