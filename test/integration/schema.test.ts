/** The schema helper itself: it must catch what is invalid, or the integration checks prove nothing. */
import { describe, expect, it } from 'vitest';
import { schemaIssues } from './schema.js';

const sent = [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }];

describe('schemaIssues', () => {
  it('accepts a valid tools/list result on every legacy version', () => {
    const ok = {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 't', inputSchema: { type: 'object' } }] },
    };
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      expect(schemaIssues(version, sent, [ok])).toEqual([]);
    }
  });

  it('reports a result that does not match the method that was sent', () => {
    const bad = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 't' }] } };
    const issues = schemaIssues('2025-11-25', sent, [bad]);
    expect(issues.map((i) => i.definition)).toEqual(['ListToolsResult']);
  });

  it('reports responses to unknown ids, bad notifications and batches outside 2025-03-26', () => {
    const issues = schemaIssues('2025-06-18', sent, [
      { jsonrpc: '2.0', id: 9, result: {} },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'loud', data: 1 } },
      [{ jsonrpc: '2.0', id: 1, result: { tools: [] } }],
    ]);
    expect(issues.map((i) => i.index)).toEqual([0, 1, 2]);
  });

  it('checks a batch response element by element on 2025-03-26', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, result: { tools: [] } },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ];
    const twoSent = [...sent, { jsonrpc: '2.0', id: 2, method: 'nope' }];
    expect(schemaIssues('2025-03-26', [twoSent], [batch])).toEqual([]);
    expect(
      schemaIssues('2025-03-26', [twoSent], [[{ jsonrpc: '2.0', id: 1, result: { tools: 3 } }]]),
    ).toHaveLength(1);
  });
});
