/** The linked in-memory pair (transports/memory.ts): a wire-like copy each way, and close on both ends. */
import { describe, expect, it } from 'vitest';
import type { CloseReason, FrameError } from '../../core/rpc/transport.js';
import { createMemoryPair } from '../../transports/memory.js';

describe('createMemoryPair', () => {
  it('delivers what one end sends to the other, synchronously and as a copy', () => {
    const [a, b] = createMemoryPair();
    const atB: unknown[] = [];
    const atA: unknown[] = [];
    b.messages$.subscribe((m) => atB.push(m));
    a.messages$.subscribe((m) => atA.push(m));
    const sent = { jsonrpc: '2.0', id: 1, method: 'm', params: { keep: 1, drop: undefined } };
    a.send(sent);
    b.send({ jsonrpc: '2.0', id: '1', result: {} });
    expect(atB).toEqual([{ jsonrpc: '2.0', id: 1, method: 'm', params: { keep: 1 } }]);
    expect(atB[0]).not.toBe(sent);
    expect(Object.keys((atB[0] as { params: object }).params)).toEqual(['keep']);
    expect(atA).toEqual([{ jsonrpc: '2.0', id: '1', result: {} }]);
  });

  it('deliver feeds raw text as if the peer wrote it: bad JSON is a parse error', () => {
    const [, b] = createMemoryPair();
    const errors: FrameError[] = [];
    b.errors$.subscribe((e) => errors.push(e));
    b.deliver('{not json');
    expect(errors.map((e) => e.kind)).toEqual(['parse']);
  });

  it('close ends this end as local and the peer as remote; sends after it go nowhere', async () => {
    const [a, b] = createMemoryPair();
    const reasons: [string, CloseReason][] = [];
    a.closed$.subscribe((r) => reasons.push(['a', r]));
    b.closed$.subscribe((r) => reasons.push(['b', r]));
    const atB: unknown[] = [];
    b.messages$.subscribe((m) => atB.push(m));
    await a.close();
    a.send({ jsonrpc: '2.0', method: 'late' });
    b.deliver('{"jsonrpc":"2.0","method":"late"}');
    expect(reasons).toEqual([
      ['a', { kind: 'local' }],
      ['b', { kind: 'remote' }],
    ]);
    expect(atB).toEqual([]);
    await b.close(); // closing again is harmless
    expect(reasons).toHaveLength(2);
  });
});
