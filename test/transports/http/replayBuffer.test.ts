import { describe, expect, it } from 'vitest';
import { parseEventId, ReplayBuffer } from '../../../transports/http/replayBuffer.js';

describe('ReplayBuffer', () => {
  it('returns the events of one stream after a sequence number, oldest first', () => {
    const buffer = new ReplayBuffer(100, 1 << 20);
    buffer.push(1, 1, 'a');
    buffer.push(0, 1, 'g');
    buffer.push(1, 2, 'b');
    buffer.push(1, 3, 'c');
    expect(buffer.after(1, 1).map((e) => e.data)).toEqual(['b', 'c']);
    expect(buffer.after(0, 0).map((e) => e.data)).toEqual(['g']);
    expect(buffer.after(2, 0)).toEqual([]);
  });

  it('keeps at most maxEvents and maxBytes, dropping the oldest', () => {
    const byCount = new ReplayBuffer(3, 1 << 20);
    for (let seq = 1; seq <= 500; seq++) byCount.push(1, seq, String(seq));
    expect(byCount.size).toBe(3);
    expect(byCount.after(1, 0).map((e) => e.seq)).toEqual([498, 499, 500]);
    const byBytes = new ReplayBuffer(100, 10);
    for (let seq = 1; seq <= 5; seq++) byBytes.push(1, seq, 'xxxx');
    expect(byBytes.after(1, 0).map((e) => e.seq)).toEqual([4, 5]);
  });

  it('parses only well-formed event ids', () => {
    expect(parseEventId('3:14')).toEqual({ streamId: 3, seq: 14 });
    for (const bad of ['', '3', '3:', ':1', 'a:1', '1:2:3', '-1:2'])
      expect(parseEventId(bad)).toBeUndefined();
  });
});
