/**
 * What every network transport inherits (transports/base/baseTransport.ts): parsing a frame of text,
 * the nesting bound (batches item by item), and ending once. A minimal subclass stands for a
 * transport: it reads what the test feeds it.
 */
import { describe, expect, it } from 'vitest';
import type { CloseReason, FrameError } from '../../../core/rpc/transport.js';
import { BaseTransport } from '../../../transports/base/baseTransport.js';

class FedTransport extends BaseTransport {
  readonly finished: CloseReason[] = [];
  send(): void {}
  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }
  feed(text: string): void {
    this.emitText(text);
  }
  end(reason: CloseReason): boolean {
    return this.finish(reason);
  }
  protected override onFinish(reason: CloseReason): void {
    this.finished.push(reason);
  }
}

function start(maxJsonDepth?: number) {
  const transport = new FedTransport();
  if (maxJsonDepth !== undefined) transport.maxJsonDepth = maxJsonDepth;
  const messages: unknown[] = [];
  const errors: FrameError[] = [];
  const closed: CloseReason[] = [];
  let completed = 0;
  transport.messages$.subscribe({ next: (m) => messages.push(m), complete: () => completed++ });
  transport.errors$.subscribe({ next: (e) => errors.push(e), complete: () => completed++ });
  transport.closed$.subscribe({ next: (r) => closed.push(r), complete: () => completed++ });
  return { transport, messages, errors, closed, completed: () => completed };
}

const deep = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

describe('BaseTransport', () => {
  it('emits each JSON frame as a message, and a parse FrameError for text that is not JSON', () => {
    const { transport, messages, errors } = start();
    transport.feed('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    transport.feed('{"jsonrpc":');
    transport.feed('[1,2]');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }, [1, 2]]);
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ['parse', 'Parse error: the message is not valid JSON'],
    ]);
  });

  it('refuses a message nested past maxJsonDepth with its id, short texts included', () => {
    const { transport, messages, errors } = start(3);
    transport.feed(`{"id":7,"method":"m","params":${deep(2)}}`); // 3 levels: kept
    transport.feed(`{"id":8,"method":"m","params":${deep(3)}}`); // 4 levels: refused
    expect(messages).toHaveLength(1);
    expect(errors.map((e) => [e.kind, e.id])).toEqual([['too-deep', 8]]);
  });

  it('splits a batch: each item too deep is refused on its own, the rest goes on together', () => {
    const { transport, messages, errors } = start(3);
    const ok = (id: number) => `{"id":${id},"method":"m"}`;
    const tooDeep = (id: number) => `{"id":${id},"method":"m","params":${deep(3)}}`;
    transport.feed(`[${ok(1)},${tooDeep(2)},${ok(3)}]`);
    transport.feed(`[${tooDeep(4)}]`);
    expect(messages).toEqual([
      [
        { id: 1, method: 'm' },
        { id: 3, method: 'm' },
      ],
    ]);
    expect(errors.map((e) => e.id)).toEqual([2, 4]);
  });

  it('ends once: the first reason is reported, every stream completes, nothing is read after', () => {
    const { transport, messages, closed, completed } = start();
    expect(transport.isOpen).toBe(true);
    expect(transport.end({ kind: 'remote' })).toBe(true);
    expect(transport.end({ kind: 'local' })).toBe(false);
    transport.feed('{"id":1,"method":"ping"}');
    expect(transport.isOpen).toBe(false);
    expect(closed).toEqual([{ kind: 'remote' }]);
    expect(transport.finished).toEqual([{ kind: 'remote' }]);
    expect(completed()).toBe(3);
    expect(messages).toEqual([]);
  });

  it('replays the close reason to a late subscriber', () => {
    const transport = new FedTransport();
    transport.end({ kind: 'local' });
    const late: CloseReason[] = [];
    transport.closed$.subscribe((r) => late.push(r));
    expect(late).toEqual([{ kind: 'local' }]);
  });
});
