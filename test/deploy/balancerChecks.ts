/**
 * The assertions both balancer suites make (nginx.test.ts, haproxy.test.ts) on what every
 * balancer in front of mcp-mux must do: stateless requests spread, legacy HTTP+SSE kept on one instance, SSE streamed
 * through, `Last-Event-ID` passed, a dead owner's session answered 404.
 */
import { expect } from 'vitest';
import {
  countBy,
  getStreamNotification,
  legacySseRound,
  pinnedClientRound,
  resumeAfterDrop,
  statelessRound,
} from './checks.js';
import { type Deployment, waitFor } from './harness/index.js';

/**
 * Stateless 2026-07-28 requests, raw and from a pinned v2 SDK client, go round-robin over the
 * three instances (`mux-0` … `mux-2`).
 */
export async function expectRoundRobin(url: string): Promise<void> {
  const raw = await statelessRound(url, 9);
  expect(raw.map((a) => a.status)).toEqual(Array(9).fill(200));
  expect(countBy(raw.map((a) => a.instance))).toEqual({ 'mux-0': 3, 'mux-1': 3, 'mux-2': 3 });
  const pinned = await pinnedClientRound(url, 6);
  expect(new Set(pinned).size).toBe(3);
}

/** Two legacy HTTP+SSE clients from one address: both streams and all their POSTs on one instance. */
export async function expectLegacySseOnOneInstance(url: string): Promise<void> {
  const served = await legacySseRound(url, 2, 4);
  expect(new Set(served.flat()).size).toBe(1);
  expect(served.flat()).toHaveLength(8);
}

/** The GET stream gets its priming event, then a `list_changed` within 5 s, and stays open. */
export async function expectStreamedThrough(d: Deployment): Promise<void> {
  const seen = await getStreamNotification(d);
  expect(seen.primed).toBe(true);
  expect(seen.notifiedAfterMs).toBeDefined();
  expect(seen.notifiedAfterMs).toBeLessThan(5_000);
  expect(seen.streamOpen).toBe(true);
}

/** A dropped POST stream resumed on GET with `Last-Event-ID` delivers what it missed. */
export async function expectResumedAfterDrop(url: string): Promise<void> {
  const resumed = await resumeAfterDrop(url);
  expect(resumed.status).toBe(200);
  expect(resumed.progress).toEqual([1, 2, 3, 4]);
  expect(resumed.result).toContain('Long running operation completed');
}

/**
 * The session of a killed instance gets 404 within 3 s. A request racing the crash may take a
 * pooled connection the balancer has not yet seen close: sent, then cut, it is a 502 (a POST
 * is not retried: it may have run); nothing else is allowed meanwhile.
 */
export async function expectSessionGone(
  session: { whoServes(): Promise<{ status: number }> },
  what: string,
): Promise<void> {
  const statuses: number[] = [];
  await waitFor(
    async () => {
      statuses.push((await session.whoServes()).status);
      return statuses.at(-1) === 404;
    },
    3_000,
    what,
  );
  expect(
    statuses.every((status) => status === 404 || status === 502),
    `${statuses}`,
  ).toBe(true);
}
