import { describe, expect, it } from 'vitest';
import { parsePromText } from '../../../bin/promText.js';
import { MuxMetrics } from '../../../core/observe/metrics.js';

describe('approval and audit metrics', () => {
  it('counts approvals by decision and reads the audit counts at scrape time', async () => {
    const metrics = new MuxMetrics({ processMetrics: false });
    metrics.approval('fs', 'accepted');
    metrics.approval('fs', 'declined');
    metrics.approval('fs', 'declined');
    const stats = { written: 7, dropped: 2 };
    metrics.attachAudit(() => stats);
    const text = (await metrics.scrape()).body;
    expect(text).toContain('mcp_mux_approvals_total{upstream="fs",decision="accepted"} 1');
    expect(text).toContain('mcp_mux_approvals_total{upstream="fs",decision="declined"} 2');
    expect(text).toContain('mcp_mux_audit_lines_total 7');
    expect(text).toContain('mcp_mux_audit_dropped_total 2');
    expect(parsePromText(text)).toBeDefined();
  });
});
