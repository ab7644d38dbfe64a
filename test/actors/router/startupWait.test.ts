/**
 * The start-up grace on virtual time: clients are served once every
 * upstream settled or after `graceMs`, whichever comes first; the upstreams still starting are
 * named on the log then and every `reminderMs`; the full wait still ends at `timeoutMs`.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { StartupWait } from '../../../actors/router/startupWait.js';
import { silentLogger } from '../../../core/log/log.js';

function wait(names: string[], graceMs = 2_000) {
  const scheduler = new VirtualTimeScheduler();
  const lines: string[] = [];
  const log = {
    ...silentLogger,
    info: (message: string) => lines.push(`info ${message}`),
    warn: (message: string) => lines.push(`warn ${message}`),
  };
  const startup = new StartupWait(() => names, {
    scheduler,
    timeoutMs: 30_000,
    graceMs,
    reminderMs: 5_000,
    log,
  });
  const at = (ms: number) => {
    scheduler.maxFrames = ms;
    scheduler.flush();
  };
  return { startup, lines, at };
}

describe('StartupWait', () => {
  it('serves clients at once when every upstream settles within the grace', () => {
    const { startup, lines, at } = wait(['a', 'b']);
    startup.settle('a');
    at(1_000);
    expect(startup.isServing).toBe(false);
    startup.settle('b');
    expect(startup.isServing).toBe(true);
    expect(startup.isSettled).toBe(true);
    expect(lines).toEqual([]);
  });

  it('serves clients after the grace, naming who is still starting, then reminds', () => {
    const { startup, lines, at } = wait(['fast', 'stuck']);
    startup.settle('fast');
    at(1_999);
    expect(startup.isServing).toBe(false);
    at(2_000);
    expect(startup.isServing).toBe(true);
    expect(startup.isSettled).toBe(false);
    expect(lines).toEqual([
      'info answering clients after 2000ms with 1/2 upstreams settled; late ones are announced with list_changed',
      'info still starting after 2s: stuck',
    ]);
    at(7_000);
    expect(lines.at(-1)).toBe('info still starting after 7s: stuck');
    at(12_000);
    expect(lines.at(-1)).toBe('info still starting after 12s: stuck');
    startup.settle('stuck');
    expect(startup.isSettled).toBe(true);
    const count = lines.length;
    at(60_000);
    expect(lines.length).toBe(count); // no reminder, no timeout warning once settled
  });

  it('still ends the full wait at timeoutMs', () => {
    const { startup, lines, at } = wait(['stuck'], 2_000);
    at(30_000);
    expect(startup.isSettled).toBe(true);
    expect(lines.at(-1)).toBe('warn start-up wait of 30000ms ended; still waiting for: stuck');
  });

  it('with a grace of 0 serves clients at once', () => {
    const { startup, at } = wait(['stuck'], 0);
    at(0);
    expect(startup.isServing).toBe(true);
    expect(startup.isSettled).toBe(false);
  });
});
