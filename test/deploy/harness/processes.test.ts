/**
 * The deploy harness's port allocation: ports are allocated up front (balancer configs name
 * them before anything starts), so two allocations must never return the same port.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from './processes.js';

describe('freePort', () => {
  it('never hands out the same port twice in one process', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 300; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeGreaterThan(0);
  });
});
