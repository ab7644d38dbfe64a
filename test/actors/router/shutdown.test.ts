/** `withDeadline` (actors/router/shutdown.ts) on virtual time: the work, or its deadline. */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { withDeadline } from '../../../actors/router/shutdown.js';
import { silentLogger } from '../../../core/log/index.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('withDeadline', () => {
  it('resolves at the deadline when the work is slower', async () => {
    const scheduler = new VirtualTimeScheduler();
    let done = false;
    void withDeadline(new Promise(() => {}), 500, scheduler, silentLogger).then(() => {
      done = true;
    });
    scheduler.maxFrames = 499;
    scheduler.flush();
    await flush();
    expect(done).toBe(false);
    scheduler.maxFrames = 500;
    scheduler.flush();
    await flush();
    expect(done).toBe(true);
  });

  it('resolves with the work when it is faster, even if it fails', async () => {
    const scheduler = new VirtualTimeScheduler();
    await withDeadline(Promise.reject(new Error('x')), 500, scheduler, silentLogger);
    await withDeadline(Promise.resolve(), undefined, scheduler, silentLogger);
    expect(scheduler.actions).toHaveLength(0); // the timer was cancelled
  });
});
