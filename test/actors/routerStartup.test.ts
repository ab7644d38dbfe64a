/**
 * The start-up wait's timer does not outlive start-up: once every upstream has settled (or
 * the router closes), nothing stays scheduled for `startupTimeoutMs`, so an embedding process
 * (or `mcp-mux inspect`) can exit at once.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Router } from '../../actors/router/router.js';
import { parseConfig } from '../../core/config/config.js';
import { silentLogger } from '../../core/log/log.js';

const STARTUP_MS = 12_345;
const startupTimers = (scheduler: VirtualTimeScheduler) =>
  scheduler.actions.filter((action) => action.delay === STARTUP_MS).length;

describe('Router start-up wait', () => {
  it('leaves no timer once start-up has settled', async () => {
    const scheduler = new VirtualTimeScheduler();
    const router = new Router(parseConfig({ mcpServers: { broken: { command: 'x' } } }), {
      scheduler,
      startupTimeoutMs: STARTUP_MS,
      openTransport: async () => {
        throw new Error('cannot open');
      },
    });
    const started = router.start();
    expect(startupTimers(scheduler)).toBe(1);
    await started; // the only upstream failed: start-up settled without the timer
    expect(startupTimers(scheduler)).toBe(0);
    await router.close();
  });

  it('cancels the timer when the router closes during start-up', async () => {
    const scheduler = new VirtualTimeScheduler();
    const router = new Router(parseConfig({ mcpServers: { slow: { command: 'x' } } }), {
      scheduler,
      startupTimeoutMs: STARTUP_MS,
      openTransport: () => new Promise(() => {}),
    });
    void router.start();
    expect(startupTimers(scheduler)).toBe(1);
    await router.close();
    expect(startupTimers(scheduler)).toBe(0);
  });

  it('ends the wait after startupTimeoutMs on the router scheduler, naming who is missing', async () => {
    const scheduler = new VirtualTimeScheduler();
    const warnings: string[] = [];
    const log = { ...silentLogger, warn: (message: string) => warnings.push(message) };
    const router = new Router(parseConfig({ mcpServers: { slow: { command: 'x' } } }), {
      scheduler,
      log,
      startupTimeoutMs: STARTUP_MS,
      openTransport: () => new Promise(() => {}),
    });
    void router.start();
    expect(router.isStarted).toBe(false);
    scheduler.flush(); // virtual time: STARTUP_MS pass at once
    await router.whenStarted();
    expect(router.isStarted).toBe(true);
    expect(warnings).toEqual([`start-up wait of ${STARTUP_MS}ms ended; still waiting for: slow`]);
    await router.close();
  });
});
