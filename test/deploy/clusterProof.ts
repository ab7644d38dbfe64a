/**
 * The suite cluster.nginx.test.ts and cluster.haproxy.test.ts both run (clusterScenario.ts
 * holds the parts): three clustered instances and one redis-server behind a balancer, both
 * protocol eras, a bridged round retried on another instance, then `kill -9` of an instance
 * under load and a Redis crash under load. What must hold whatever the balancer does with a
 * session (forwarding covers a miss): every request answered exactly once (the ledger
 * upstreams count executions by id) except those in flight on the killed instance, which fail
 * cleanly; the dead instance's sessions get 404 and their clients re-initialize and carry on;
 * Redis down changes nothing for traffic, and the registry recovers when it returns.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pinnedClientRound } from './checks.js';
import {
  bridgedRounds,
  CALL_MS,
  type ClusterDeployment,
  clusterLoad,
  clusterView,
  legacySessionsWithStreams,
  misroutedCall,
  startClusterDeployment,
  tally,
  type V1Session,
} from './clusterScenario.js';
import { describeWithTools, waitFor } from './harness/index.js';

const answeredSince = (outcomes: readonly { startedAt: number; value?: unknown }[], at: number) =>
  outcomes.filter((o) => o.startedAt >= at && o.value !== undefined).length;

export function describeClusterProof(kind: 'nginx' | 'haproxy'): void {
  describeWithTools(
    `three clustered mcp-mux instances and Redis behind ${kind}: the proof`,
    [kind, 'redis-server'],
    (tools) => {
      let d: ClusterDeployment;
      let sessions: V1Session[] = [];

      beforeAll(async () => {
        d = await startClusterDeployment(kind, tools[kind], tools['redis-server']);
      }, 90_000);
      afterAll(async () => {
        await Promise.all(sessions.map((s) => s.close().catch(() => {})));
        await d?.stopAll();
      });

      it('forms one cluster in Redis; v2 clients pinned to 2026-07-28 are served by all three', async () => {
        for (const i of d.instances) {
          const view = await clusterView(i);
          expect(view?.store).toBe('redis');
          expect(view?.instances.map((m) => m.id).sort()).toEqual(['mux-0', 'mux-1', 'mux-2']);
        }
        expect(new Set(await pinnedClientRound(d.url, 6)).size).toBeGreaterThan(1);
      });

      it('v1 sessions owned by every instance get list_changed over their GET streams', async () => {
        const opened = await legacySessionsWithStreams(d);
        sessions = opened.sessions;
        expect(opened.owners).toEqual(['mux-0', 'mux-1', 'mux-2']);
        expect(opened.churned).toEqual(Array(3).fill('{"done":2}'));
        expect(opened.notified).toBe(true);
      }, 60_000);

      it('a bridged round whose retry lands on another instance is answered by its issuer', async () => {
        const [a, b] = d.instances as [(typeof d.instances)[0], (typeof d.instances)[0]];
        const rounds = await bridgedRounds(d, a, b);
        expect(rounds.elsewhere).toContain('url: accept');
        expect(rounds.forwardedRounds).toBe(1);
        expect(rounds.balanced).toContain('url: accept');
      }, 30_000);

      it('kill -9 of an instance under load: exactly once, clean errors in flight, its clients re-initialize', async () => {
        const victimName = sessions[0]?.owner();
        const victim = d.instances.find((i) => i.name === victimName);
        if (!victim) throw new Error(`no victim ${victimName}`);
        const stateless = 3;
        const { load, workers } = await clusterLoad(d, 'kill', stateless, sessions);
        await waitFor(() => answeredSince(load.outcomes, 0) >= 20, 20_000, 'load running');
        const killStartedAt = Date.now();
        await victim.kill9();
        const killedAt = Date.now();
        const victims = workers.filter((w) => w.owners[0] === victimName);
        // Carry on: every worker answered again since the kill (the victim's on a new session).
        await waitFor(
          () =>
            workers.every((_, n) =>
              load.outcomes.some(
                (o) =>
                  o.worker === stateless + n && o.startedAt > killedAt && o.value !== undefined,
              ),
            ) && answeredSince(load.outcomes, killedAt) >= 30,
          30_000,
          'every worker answered after the kill',
        ).catch(() => {});
        const outcomes = await load.stop();
        sessions = workers.map((w) => w.session);
        const t = tally(outcomes, d.ledger(), 'kill');

        expect(t.hung).toEqual([]);
        expect(t.notOnce).toEqual([]);
        expect(t.duplicated).toEqual([]);
        expect(t.misanswered).toEqual([]);
        // A failure is a 404 of a session the victim owned, or a call in flight at the kill.
        const victimWorkers = new Set(victims.map((w) => stateless + workers.indexOf(w)));
        const unexplained = t.failed.filter(
          (o) =>
            !(victimWorkers.has(o.worker) && /404|Session not found/.test(o.error ?? '')) &&
            !(o.startedAt <= killedAt && o.endedAt >= killStartedAt),
        );
        expect(unexplained).toEqual([]);
        for (const o of t.failed) expect(o.endedAt - o.startedAt).toBeLessThan(CALL_MS + 2_000);
        expect(victims.length).toBeGreaterThan(0);
        for (const w of victims) {
          expect(w.gone.length).toBeGreaterThan(0);
          expect(w.owners.length).toBeGreaterThan(1);
          expect(w.owners.slice(1)).not.toContain(victimName);
        }
        for (const w of workers.filter((w) => !victims.includes(w))) {
          expect(w.owners).toHaveLength(1);
        }
        for (let n = 0; n < workers.length + stateless; n++) {
          expect(
            outcomes.some((o) => o.worker === n && o.startedAt > killedAt && o.value !== undefined),
            `worker ${n} answered after the kill`,
          ).toBe(true);
        }
        // It comes back on the same ports and rejoins the registry.
        await victim.restart();
        for (const i of d.instances) {
          await waitFor(
            async () => (await clusterView(i))?.instances.length === 3,
            20_000,
            `${i.name} sees three again`,
          );
        }
      }, 120_000);

      it('Redis crashed under load: traffic is served from the last view, the registry recovers', async () => {
        const { load } = await clusterLoad(d, 'redis', 3, sessions);
        await waitFor(() => answeredSince(load.outcomes, 0) >= 10, 20_000, 'load running');
        await d.redis.stop({ crash: true });
        const downAt = Date.now();
        const sawDown = await waitFor(
          async () =>
            (await Promise.all(d.instances.map(clusterView))).every(
              (v) => v?.storeAvailable === false,
            ),
          10_000,
          'every instance sees the store unavailable',
        )
          .then(() => true)
          .catch(() => false);
        // Down longer than the registry's 5 s TTL: the instances route from their last view.
        await waitFor(
          () => Date.now() - downAt >= 6_000 && answeredSince(load.outcomes, downAt) >= 20,
          20_000,
          'served while down',
        );
        const servedDown = answeredSince(load.outcomes, downAt);
        const lastViews = await Promise.all(
          d.instances.map(async (i) => (await clusterView(i))?.instances.length),
        );
        const misrouted = await misroutedCall(d);
        const upAt = Date.now();
        await d.redis.start();
        const recovered = await waitFor(
          async () =>
            (await Promise.all(d.instances.map(clusterView))).every(
              (v) => v?.storeAvailable === true && v.instances.length === 3,
            ),
          20_000,
          'the registry recovers',
        )
          .then(() => true)
          .catch(() => false);
        await waitFor(() => answeredSince(load.outcomes, upAt) >= 10, 20_000, 'served after');
        const outcomes = await load.stop();
        const t = tally(outcomes, d.ledger(), 'redis');

        expect(sawDown).toBe(true);
        expect(servedDown).toBeGreaterThanOrEqual(20);
        expect(lastViews).toEqual([3, 3, 3]);
        expect(misrouted).toEqual({ status: 200, instance: 'mux-0' });
        expect(recovered).toBe(true);
        expect(t.hung).toEqual([]);
        expect(t.failed.map((o) => o.error)).toEqual([]);
        expect(t.notOnce).toEqual([]);
        expect(t.duplicated).toEqual([]);
        expect(t.misanswered).toEqual([]);
      }, 90_000);
    },
  );
}
