import { describe, expect, it } from 'vitest';
import { parsePromText } from '../../../bin/promText.js';
import { composeObservers } from '../../../core/observe/composeObservers.js';
import { MuxMetrics } from '../../../core/observe/metrics.js';

describe('mcp_mux_rate_limited_total', () => {
  it('counts refusals by upstream and rule, also through composed observers', async () => {
    const metrics = new MuxMetrics({ processMetrics: false });
    const other = new MuxMetrics({ processMetrics: false });
    const both = composeObservers([metrics, other]);
    both?.rateLimited?.('gh', 0);
    both?.rateLimited?.('gh', 0);
    metrics.rateLimited('fs', 2);
    const samples = parsePromText((await metrics.scrape()).body).filter(
      (s) => s.name === 'mcp_mux_rate_limited_total',
    );
    expect(samples.map((s) => [s.labels.upstream, s.labels.rule, s.value])).toEqual([
      ['gh', '0', 2],
      ['fs', '2', 1],
    ]);
    const otherText = (await other.scrape()).body;
    expect(otherText).toMatch(/mcp_mux_rate_limited_total\{upstream="gh",rule="0"\} 2/);
  });
});
