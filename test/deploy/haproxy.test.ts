/**
 * deploy/haproxy.cfg, run for real: three mcp-mux instances (no cluster settings) behind
 * HAProxy on loopback. The stick table learns each session's instance from its `initialize`
 * response, so every legacy session works and stays on its creator; requests without a
 * session go round-robin; SSE streams through; `Last-Event-ID` reaches the instance; after
 * `kill -9` of an instance its sessions get 404 (redispatched to a live instance), the others
 * and stateless requests go on, the health check marks it DOWN, and once restarted it is UP
 * and served again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  expectLegacySseOnOneInstance,
  expectResumedAfterDrop,
  expectRoundRobin,
  expectStreamedThrough,
} from './balancerChecks.js';
import { openServedRaw, openServedSdk, statelessRound } from './checks.js';
import {
  type Deployment,
  describeWithTools,
  haproxyServerState,
  modernToolCall,
  openLegacySession,
  startDeployment,
  startLoad,
  waitFor,
} from './harness/index.js';

describeWithTools(
  'three mcp-mux instances behind HAProxy (deploy/haproxy.cfg)',
  ['haproxy'],
  (tools) => {
    let d: Deployment;

    beforeAll(async () => {
      d = await startDeployment('haproxy', tools.haproxy, { count: 3 });
    }, 60_000);
    afterAll(async () => {
      await d?.stop();
    });

    it('spreads stateless 2026-07-28 requests round-robin over the instances', async () => {
      await expectRoundRobin(d.url);
    });

    it('keeps each v1 SDK client session on the instance that created it, for every call', async () => {
      const sessions = await Promise.all(Array.from({ length: 6 }, () => openLegacySession(d.url)));
      try {
        const served = await Promise.all(
          sessions.map(async (session) => {
            const calls = [];
            for (let call = 0; call < 10; call++) calls.push(await session.whoServes());
            return calls;
          }),
        );
        for (const calls of served) expect(new Set(calls).size).toBe(1);
        // The initializes went round-robin: the sessions live on every instance.
        expect(new Set(served.map((calls) => calls[0])).size).toBe(3);
      } finally {
        await Promise.all(sessions.map((session) => session.close()));
      }
    });

    it('serves legacy HTTP+SSE clients: the stream and its POSTs meet on one instance (client address)', async () => {
      // One client address (127.0.0.1): both sessions, every call, on one instance.
      await expectLegacySseOnOneInstance(d.url);
    });

    it('streams SSE through: the GET stream gets its priming event and a list_changed while open', async () => {
      await expectStreamedThrough(d);
    });

    it('passes Last-Event-ID through: a dropped POST stream resumes on GET with what it missed', async () => {
      await expectResumedAfterDrop(d.url);
    });

    it('after kill -9 of an instance: its sessions get 404, the rest go on; DOWN, then UP once restarted', async () => {
      const victim = await openServedRaw(d.url);
      const survivor = await openServedRaw(d.url, (name) => name !== victim.instance);
      const sdk = await openServedSdk(d.url, (name) => name === victim.instance);
      const dead = d.instances.find((i) => i.name === victim.instance);
      if (!dead) throw new Error('no victim');
      // Stateless load over all three instances while one dies.
      const load = startLoad({
        workers: 3,
        call: async (worker, index) =>
          (await modernToolCall(d.url, `load-${worker}-${index}`)).status,
      });
      await waitFor(() => load.outcomes.length >= 9, 5_000, 'load running');
      await dead.kill9();
      const killedAt = Date.now();

      expect((await victim.session.whoServes()).status).toBe(404);
      const startedAt = Date.now();
      await expect(sdk.session.whoServes(8_000)).rejects.toThrow(/404|Session not found/);
      expect(Date.now() - startedAt).toBeLessThan(8_000);
      await sdk.session.close().catch(() => {});

      for (let call = 0; call < 5; call++) {
        expect(await survivor.session.whoServes()).toEqual({
          status: 200,
          instance: survivor.instance,
        });
      }
      const outcomes = await load.stop();
      expect(outcomes.filter((o) => o.hung)).toEqual([]);
      // Requests that started after the kill all succeeded (refused → redispatched); only
      // those in flight on the dead instance at the kill may have failed, and cleanly.
      const failed = outcomes.filter((o) => o.value !== 200);
      expect(failed.filter((o) => o.startedAt > killedAt)).toEqual([]);
      expect(outcomes.filter((o) => o.startedAt > killedAt).length).toBeGreaterThan(3);
      const stateless = await statelessRound(d.url, 6);
      expect(stateless.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(stateless.some((a) => a.instance === victim.instance)).toBe(false);
      const again = await openLegacySession(d.url);
      expect(await again.whoServes()).not.toBe(victim.instance);
      await again.close();

      await waitFor(() => haproxyServerState(d.balancer, dead.name) === 'DOWN', 8_000, 'DOWN');
      await dead.restart();
      await waitFor(() => haproxyServerState(d.balancer, dead.name) === 'UP', 8_000, 'UP again');
      const back = await statelessRound(d.url, 6);
      expect(back.some((a) => a.instance === victim.instance)).toBe(true);
    }, 40_000);
  },
);
