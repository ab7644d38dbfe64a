/** The abortable delay between stream resumptions (transports/http/streamableHttpClientOptions.ts), on virtual time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../../transports/http/streamableHttpClientOptions.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const settled = (promise: Promise<void>) => {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
};

describe('sleep', () => {
  it('resolves after ms, not before, and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const state = settled(sleep(1_000, controller.signal));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('resolves at once when the signal aborts, and clears its timer', async () => {
    const controller = new AbortController();
    const state = settled(sleep(60_000, controller.signal));
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await Promise.resolve();
    expect(state.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
