/** `SendGate`: at most `limit` in flight per upstream, the rest in arrival order, lanes apart. */
import { describe, expect, it } from 'vitest';
import { SendGate } from '../../../actors/router/sendGate.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SendGate', () => {
  it('runs at most `limit` per upstream, starts the rest in order, and keeps lanes apart', async () => {
    const gate = new SendGate(2);
    const started: string[] = [];
    const pending = new Map<string, ReturnType<typeof deferred>>();
    const send = (upstream: string, name: string) =>
      gate.run(upstream, () => {
        started.push(name);
        const d = deferred();
        pending.set(name, d);
        return d.promise;
      });
    const all = ['a1', 'a2', 'a3', 'a4'].map((n) => send('a', n));
    const settled = Promise.allSettled(all);
    void send('b', 'b1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(gate.load('a')).toEqual({ running: 2, waiting: 2 });
    pending.get('a2')?.reject(new Error('refused'));
    await flush();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    pending.get('a1')?.resolve();
    await flush();
    expect(started.at(-1)).toBe('a4');
    pending.get('a3')?.resolve();
    pending.get('a4')?.resolve();
    pending.get('b1')?.resolve();
    const outcomes = await settled;
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    await flush();
    expect([gate.load('a'), gate.load('b')]).toEqual([
      { running: 0, waiting: 0 },
      { running: 0, waiting: 0 },
    ]);
  });

  it('turns a send that throws into a rejection and frees its place', async () => {
    const gate = new SendGate(1);
    await expect(
      gate.run('a', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(gate.run('a', async () => 'ok')).resolves.toBe('ok');
  });
});
