/**
 * deploy/nginx.conf, run for real: three mcp-mux instances behind nginx on loopback.
 * With `mcpMux.cluster` on the instances, a session id names its owner and nginx routes every
 * request of a session there: many sessions, each on its creator, none forwarded (the
 * instances' own counters). Without cluster settings (random session ids), what the config's
 * fallback makes of them:
 * - stateless 2026-07-28 requests (raw, and a pinned v2 SDK client) go round-robin;
 * - every request carrying one `Mcp-Session-Id` reaches one instance (consistent hash), so a
 *   session works when the hash meets the instance that created it (its `initialize` went
 *   round-robin) and the others get 404 — asserted exactly, from nginx's access log: several
 *   instances without `cluster` need HAProxy, or one instance;
 * - SSE is unbuffered (the GET stream's priming event and a `list_changed` arrive while it
 *   stays open), `Last-Event-ID` reaches the instance (a dropped stream resumes);
 * - `kill -9` of an instance: its sessions get 404, other sessions and stateless requests go on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  expectLegacySseOnOneInstance,
  expectResumedAfterDrop,
  expectRoundRobin,
  expectSessionGone,
  expectStreamedThrough,
} from './balancerChecks.js';
import { openRaw, openServedRaw, openServedSdk, statelessRound } from './checks.js';
import {
  type Deployment,
  describeWithTools,
  type MuxInstance,
  startDeployment,
} from './harness/index.js';

interface AccessLine {
  status: number;
  upstream: string;
  session: string;
  issued: string;
}

function accessLines(d: Deployment): AccessLine[] {
  return d.balancer.log().flatMap((line) => {
    const m = / (\d{3}) upstream=(\S+) session="([^"]*)" issued="([^"]*)"/.exec(line);
    if (!m) return [];
    return [
      { status: Number(m[1]), upstream: m[2] ?? '', session: m[3] ?? '', issued: m[4] ?? '' },
    ];
  });
}

const CLUSTER_KEY = 'nginx-test-cluster-key-0123456789abcdef';

/** The instance's forwarded requests (all kinds and outcomes), from its /metrics. */
async function forwarded(instance: MuxInstance): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`, {
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  expect(text, 'the cluster metrics are exported').toContain('mcp_mux_cluster_instances');
  let sum = 0;
  for (const [, value] of text.matchAll(/^mcp_mux_cluster_forwarded_total\{[^}]*\} (\d+)/gm))
    sum += Number(value);
  return sum;
}

describeWithTools(
  'three clustered mcp-mux instances behind nginx: sessions go to the owner their id names',
  ['nginx'],
  (tools) => {
    let d: Deployment;

    beforeAll(async () => {
      d = await startDeployment('nginx', tools.nginx, {
        count: 3,
        // Ids unlike the instance names: the rendered owner blocks must follow the config.
        mcpMux: (self, all) => ({
          cluster: {
            instanceId: `node-${'abc'[self.index]}`,
            advertiseUrl: `http://127.0.0.1:${self.port}`,
            peers: all.filter((o) => o !== self).map((o) => `http://127.0.0.1:${o.port}`),
          },
        }),
        env: () => ({ MCP_MUX_CLUSTER_KEY: CLUSTER_KEY }),
      });
    }, 60_000);
    afterAll(async () => {
      await d?.stop();
    });

    it('routes every request of every session to its creator: nothing forwarded', async () => {
      const opened = [];
      for (let i = 0; i < 24; i++) opened.push(await openRaw(d.url));
      for (const { session, sessionId, failedStatus } of opened) {
        expect(failedStatus, `${sessionId} initialized`).toBeUndefined();
        expect(sessionId).toMatch(/^1\.node-[abc]\./);
        for (let call = 0; call < 3; call++) expect((await session?.whoServes())?.status).toBe(200);
      }
      // nginx writes a request's access line once the response is sent: a client may read the
      // log before the last lines are in. Wait (bounded) until every session's four are.
      const ids = new Set(opened.map((o) => o.sessionId));
      const logged = () => accessLines(d).filter((l) => ids.has(l.session));
      for (let waited = 0; waited < 3_000 && logged().length < 4 * opened.length; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const lines = accessLines(d);
      const creators = new Set<string>();
      for (const { sessionId } of opened) {
        const creator = lines.find((l) => l.issued === sessionId)?.upstream;
        expect(creator, `the initialize of ${sessionId} in the access log`).toBeDefined();
        creators.add(creator ?? '');
        const served = lines.filter((l) => l.session === sessionId);
        expect(served.length).toBeGreaterThanOrEqual(4);
        expect(new Set(served.map((l) => l.upstream)), `${sessionId} on its creator`).toEqual(
          new Set([creator]),
        );
        // The owner the id names is the instance that created it.
        const owner = d.instances.find((i) => sessionId?.startsWith(`1.node-${'abc'[i.index]}.`));
        expect(creator).toBe(`127.0.0.1:${owner?.port}`);
      }
      expect(creators.size, 'initialize went round-robin').toBe(3);
      const counts = await Promise.all(d.instances.map(forwarded));
      expect(counts).toEqual([0, 0, 0]);
    });

    it('sends a dead owner’s session to a backup instance: 404, and the client re-initializes', async () => {
      const victim = await openServedRaw(d.url);
      const dead = d.instances.find((i) => i.name === victim.instance);
      await dead?.kill9();
      await expectSessionGone(victim.session, 'a 404 for the dead owner’s session');
      const again = await openServedRaw(d.url);
      expect(again.instance).not.toBe(victim.instance);
      expect((await again.session.whoServes()).status).toBe(200);
    }, 30_000);
  },
);

describeWithTools(
  'three mcp-mux instances without cluster settings behind nginx (deploy/nginx.conf)',
  ['nginx'],
  (tools) => {
    let d: Deployment;

    beforeAll(async () => {
      d = await startDeployment('nginx', tools.nginx, { count: 3 });
    }, 60_000);
    afterAll(async () => {
      await d?.stop();
    });

    it('spreads stateless 2026-07-28 requests round-robin over the instances', async () => {
      await expectRoundRobin(d.url);
    });

    it('falls back to the consistent hash for ids that name no instance: a session works only where the hash meets its creator', async () => {
      const opened = [];
      for (let i = 0; i < 9; i++) opened.push(await openRaw(d.url));
      const works = new Map<string, boolean>();
      for (const { session, sessionId } of opened) {
        if (!sessionId) throw new Error('initialize issued no session id');
        let ok = session !== undefined;
        for (let call = 0; call < 3 && session; call++) {
          const { status } = await session.whoServes();
          ok &&= status === 200;
        }
        works.set(sessionId, ok);
      }
      const lines = accessLines(d);
      for (const [id, ok] of works) {
        const creator = lines.find((l) => l.issued === id)?.upstream;
        const hashed = new Set(lines.filter((l) => l.session === id).map((l) => l.upstream));
        expect(creator, `the initialize of ${id} in the access log`).toBeDefined();
        expect([...hashed], `every request of ${id} to one instance`).toHaveLength(1);
        expect(ok, `${id} works ⇔ hash meets creator`).toBe(hashed.has(creator ?? ''));
      }
      // The failed ones failed with 404 "Session not found", the client's cue to re-initialize.
      for (const { failedStatus } of opened)
        if (failedStatus !== undefined) expect(failedStatus).toBe(404);
    });

    it('serves every call of a v1 SDK client session from one instance', async () => {
      const seen: string[] = [];
      for (let s = 0; s < 3; s++) {
        const { session, instance, failures } = await openServedSdk(d.url);
        for (const failure of failures) expect(failure).toMatch(/Session not found/);
        try {
          const served = [];
          for (let call = 0; call < 10; call++) served.push(await session.whoServes());
          expect(new Set(served)).toEqual(new Set([instance]));
          seen.push(instance);
        } finally {
          await session.close();
        }
      }
      expect(seen).toHaveLength(3);
    });

    it('serves legacy HTTP+SSE clients: the stream and its POSTs meet on one instance (client address)', async () => {
      // One client address (127.0.0.1): both sessions, every call, on one instance.
      await expectLegacySseOnOneInstance(d.url);
    });

    it('streams SSE unbuffered: the GET stream gets its priming event and a list_changed while open', async () => {
      await expectStreamedThrough(d);
    });

    it('passes Last-Event-ID through: a dropped POST stream resumes on GET with what it missed', async () => {
      await expectResumedAfterDrop(d.url);
    });

    it('after kill -9 of an instance: its sessions get 404, other sessions and stateless requests go on', async () => {
      const victim = await openServedRaw(d.url);
      const survivor = await openServedRaw(d.url, (name) => name !== victim.instance);
      const sdk = await openServedSdk(d.url, (name) => name === victim.instance);
      const dead = d.instances.find((i) => i.name === victim.instance);
      await dead?.kill9();

      // A request racing the crash may take a pooled connection nginx has not yet seen close:
      // sent, then cut, it is a 502 (a POST is not retried: it may have run). Once nginx has
      // seen the close — milliseconds — the session's requests go to a live instance: 404.
      await expectSessionGone(victim.session, 'a 404 for the dead instance’s session');
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
      const stateless = await statelessRound(d.url, 6);
      expect(stateless.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(stateless.some((a) => a.instance === victim.instance)).toBe(false);
      // The dead instance's client re-initializes (on a live instance) and carries on.
      const again = await openServedSdk(d.url);
      expect(again.instance).not.toBe(victim.instance);
      await again.session.close();
    }, 30_000);
  },
);
