/**
 * The cluster proof both balancer suites run (cluster.nginx.test.ts, cluster.haproxy.test.ts):
 * three mcp-mux instances with `mcpMux.cluster` sharing one real redis-server, behind nginx or
 * HAProxy, upstreams server-everything (identity), askingServer (a bridged `input_required`
 * round), churnServer (a `tools/list_changed` on demand) and ledgerServer (every executed call
 * written down per instance: the witness of "answered exactly once"). Each scenario returns
 * what it saw; the suites assert it. Every wait is bounded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { SseParser } from '../../transports/http/sseParser.js';
import {
  type Deployment,
  defaultUpstreams,
  fixturePath,
  type LoadOutcome,
  MODERN_VERSION,
  type MuxInstance,
  modernToolCall,
  RawLegacySession,
  type RedisServer,
  startDeployment,
  startLoad,
  startRedis,
  tempDir,
  waitFor,
} from './harness/index.js';

export const CLUSTER_KEY = 'deploy-cluster-key-0123456789abcdef';
/** A single call's own bound (SDK timeout, fetch abort). */
export const CALL_MS = 8_000;
/** When the load generator gives up on a call and records a hang (above CALL_MS). */
export const HANG_MS = 15_000;

export interface ClusterDeployment extends Deployment {
  redis: RedisServer;
  /** Every id the ledger upstreams executed, over all instances (restarts included). */
  ledger(): Map<string, number>;
  stopAll(): Promise<void>;
}

const node = process.execPath;

export async function startClusterDeployment(
  kind: 'nginx' | 'haproxy',
  balancer: string,
  redisBinary: string,
): Promise<ClusterDeployment> {
  const redis = await startRedis(redisBinary);
  const ledgers = tempDir('ledger');
  let d: Deployment;
  try {
    d = await startDeployment(kind, balancer, {
      count: 3,
      upstreams: (self) => ({
        ...defaultUpstreams(self),
        ask: { command: node, args: [fixturePath('askingServer')] },
        churn: { command: node, args: [fixturePath('churnServer'), '--times', '2'] },
        ledger: {
          command: node,
          args: [fixturePath('ledgerServer')],
          env: { MCP_MUX_LEDGER: join(ledgers, `${self.name}.log`) },
        },
      }),
      mcpMux: (self) => ({
        cluster: {
          instanceId: self.name,
          advertiseUrl: `http://127.0.0.1:${self.port}`,
          redis: redis.url,
        },
      }),
      env: () => ({ MCP_MUX_CLUSTER_KEY: CLUSTER_KEY }),
    });
  } catch (error) {
    await redis.stop();
    throw error;
  }
  const all = d.instances;
  await Promise.all(all.map((i) => waitFor(() => seesCluster(i, 3), 20_000, `${i.name} sees 3`)));
  return {
    ...d,
    redis,
    ledger: () => {
      const counts = new Map<string, number>();
      for (const i of all) {
        let text = '';
        try {
          text = readFileSync(join(ledgers, `${i.name}.log`), 'utf8');
        } catch {
          // nothing executed there
        }
        for (const id of text.split('\n')) {
          if (id !== '') counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      }
      return counts;
    },
    stopAll: async () => {
      await Promise.all([d.stop(), redis.stop()]);
    },
  };
}

export interface ClusterView {
  store: string;
  storeAvailable: boolean;
  instances: { id: string; self: boolean }[];
}

/** What an instance's `/readyz` (its metrics listener) shows of the cluster. */
export async function clusterView(i: MuxInstance): Promise<ClusterView | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${i.metricsPort}/readyz`, {
      signal: AbortSignal.timeout(2_000),
    });
    return ((await response.json()) as { cluster?: ClusterView }).cluster;
  } catch {
    return undefined;
  }
}

async function seesCluster(i: MuxInstance, count: number): Promise<boolean> {
  const view = await clusterView(i);
  return view?.storeAvailable === true && view.instances.length === count;
}

/** `mcp_mux_cluster_forwarded_total{kind, outcome="answered"}` of an instance. */
export async function forwarded(i: MuxInstance, kind: 'session' | 'round'): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${i.metricsPort}/metrics`, {
    signal: AbortSignal.timeout(2_000),
  });
  let sum = 0;
  for (const [, labels, value] of (await response.text()).matchAll(
    /^mcp_mux_cluster_forwarded_total\{([^}]*)\} (\d+)/gm,
  )) {
    if (labels?.includes(`kind="${kind}"`) && labels.includes('outcome="answered"')) {
      sum += Number(value);
    }
  }
  return sum;
}

/** The owner an id `1.<instance>.<random>.<mac>` names. */
export const ownerOf = (sessionId: string | undefined): string | undefined =>
  sessionId?.split('.')[1];

/**
 * A v1 SDK client with a legacy session through `url`, counting the `tools/list_changed`
 * notifications it gets; resolves once its GET stream is open (the SDK opens it after
 * `initialized`; its 200 is awaited, bounded).
 */
export interface V1Session {
  client: Client;
  sessionId(): string | undefined;
  owner(): string | undefined;
  listChanged(): number;
  /** `ledger__record { id }`; throws unless the answer is the id. */
  record(id: string): Promise<string>;
  close(): Promise<void>;
}

export async function openV1Session(url: string): Promise<V1Session> {
  let streamOpen = false;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? 'GET') === 'GET' && response.status === 200) streamOpen = true;
      return response;
    },
  });
  const client = new Client({ name: 'cluster-v1', version: '1.0.0' });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
  });
  await client.connect(transport, { timeout: CALL_MS });
  await waitFor(() => streamOpen, CALL_MS, 'the GET stream');
  return {
    client,
    sessionId: () => transport.sessionId,
    owner: () => ownerOf(transport.sessionId),
    listChanged: () => changes,
    record: async (id) => {
      const result = await client.callTool(
        { name: 'ledger__record', arguments: { id } },
        undefined,
        {
          timeout: CALL_MS,
        },
      );
      const text = (result.content as { text?: string }[])[0]?.text;
      if (result.isError || text !== id) throw new Error(`wrong answer for ${id}: ${text}`);
      return text;
    },
    close: () => client.close(),
  };
}

/** The text of the JSON-RPC result in a JSON or SSE body, or the error as a thrown Error. */
function resultText(body: string): string | undefined {
  const messages: unknown[] = [];
  if (body.trimStart().startsWith('{')) messages.push(JSON.parse(body));
  else {
    new SseParser({
      onEvent: (event) => {
        if (event.data !== '') messages.push(JSON.parse(event.data));
      },
    }).push(body);
  }
  const answer = messages.find((m) => typeof m === 'object' && m !== null && 'id' in m) as
    | { result?: { content?: { text?: string }[]; isError?: boolean }; error?: unknown }
    | undefined;
  if (answer?.error || answer?.result?.isError) throw new Error(body.slice(0, 300));
  return answer?.result?.content?.[0]?.text;
}

/** One stateless 2026-07-28 `ledger__record { id }` (JSON-RPC id = `id`); throws unless answered with it. */
export async function statelessRecord(url: string, id: string): Promise<string> {
  const answer = await modernToolCall(url, id, 'ledger__record', { id }, CALL_MS);
  if (answer.status !== 200) throw new Error(`status ${answer.status} for ${id}`);
  const text = resultText(answer.body);
  if (text !== id) throw new Error(`wrong answer for ${id}: ${text}`);
  return text;
}

/**
 * Legacy sessions through the balancer, at least one owned by every instance (bounded).
 * Then `churn__churn` is called once on each instance directly: every session must get the
 * `tools/list_changed` over its GET stream (which may itself run through a forwarding hop).
 */
export async function legacySessionsWithStreams(d: Deployment, perInstance = 2) {
  const sessions: V1Session[] = [];
  const owners = () => new Set(sessions.map((s) => s.owner()));
  for (let n = 0; n < 12 && (sessions.length < 3 * perInstance || owners().size < 3); n++) {
    sessions.push(await openV1Session(d.url));
  }
  const before = sessions.map((s) => s.listChanged());
  const churned = await Promise.all(
    d.instances.map(async (i) =>
      resultText(
        (await modernToolCall(i.url, `churn-${i.name}`, 'churn__churn', {}, CALL_MS)).body,
      ),
    ),
  );
  const notified = await waitFor(
    () => sessions.every((s, n) => s.listChanged() > (before[n] ?? 0)),
    10_000,
    'tools/list_changed on every GET stream',
  )
    .then(() => true)
    .catch(() => false);
  return { sessions, owners: [...owners()].sort(), churned, notified };
}

/** A v2 client pinned to 2026-07-28 that accepts URL elicitations. */
function modernClient() {
  const client = new ModernClient(
    { name: 'cluster-v2', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: MODERN_VERSION } },
      capabilities: { elicitation: { url: {} } },
    },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept' }));
  return client;
}

/**
 * A bridged `input_required` round: the first request to `first`, the retry (it carries the
 * `requestState`) to `retry` — another instance, which must route it to the issuer. And one
 * round wholly through the balancer. The answers, and how many rounds `retry` forwarded.
 */
export async function bridgedRounds(d: Deployment, first: MuxInstance, retry: MuxInstance) {
  const before = await forwarded(retry, 'round');
  const client = modernClient();
  await client.connect(
    new ModernTransport(new URL(first.url), {
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const body = typeof init?.body === 'string' ? init.body : '';
        return fetch(body.includes('"requestState"') ? retry.url : url, init);
      },
    }),
  );
  const elsewhere = await client.callTool({ name: 'ask__ask_url', arguments: {} });
  await client.close();
  const balanced = modernClient();
  await balanced.connect(new ModernTransport(new URL(d.url)));
  const through = await balanced.callTool({ name: 'ask__ask_url', arguments: {} });
  await balanced.close();
  return {
    elsewhere: JSON.stringify(elsewhere.content),
    forwardedRounds: (await forwarded(retry, 'round')) - before,
    balanced: JSON.stringify(through.content),
  };
}

export interface LegacyWorker {
  session: V1Session;
  /** The owners of the sessions it held, in order (a new one after each 404). */
  owners: (string | undefined)[];
  /** Errors that made it re-initialize. */
  gone: string[];
  /** Its session is gone: the next call opens a new one first. */
  stale: boolean;
}

/**
 * Load through the balancer: `stateless` workers making 2026-07-28 calls (the first with a v2
 * SDK client pinned to 2026-07-28, the others raw POSTs) and one worker per legacy session;
 * every call is `ledger__record` with an id of its own. A legacy worker whose call fails with
 * 404 ("Session not found": its owner is gone) opens a new session through the balancer
 * before its next call and carries on. `stop` ends the load and closes the v2 client.
 */
export async function clusterLoad(
  d: Deployment,
  tag: string,
  stateless: number,
  legacy: V1Session[],
) {
  const pinned = modernClient();
  await pinned.connect(new ModernTransport(new URL(d.url)));
  const pinnedRecord = async (id: string) => {
    const result = await pinned.callTool(
      { name: 'ledger__record', arguments: { id } },
      {
        timeout: CALL_MS,
      },
    );
    const text = (result.content as { text?: string }[])[0]?.text;
    if (result.isError || text !== id) throw new Error(`wrong answer for ${id}: ${text}`);
    return text;
  };
  const workers: LegacyWorker[] = legacy.map((session) => ({
    session,
    owners: [session.owner()],
    gone: [],
    stale: false,
  }));
  const load = startLoad({
    workers: stateless + workers.length,
    timeoutMs: HANG_MS,
    call: async (worker, index) => {
      const id = `${tag}-${worker}-${index}`;
      if (worker === 0) return pinnedRecord(id);
      if (worker < stateless) return statelessRecord(d.url, id);
      const w = workers[worker - stateless];
      if (!w) throw new Error(`no worker ${worker}`);
      if (w.stale) {
        await w.session.close().catch(() => {});
        w.session = await openV1Session(d.url);
        w.owners.push(w.session.owner());
        w.stale = false;
      }
      try {
        return await w.session.record(id);
      } catch (error) {
        if (/404|Session not found/.test(String(error))) {
          w.gone.push(String(error));
          w.stale = true;
        }
        throw error;
      }
    },
  });
  const stop = async () => {
    const outcomes = await load.stop();
    await pinned.close().catch(() => {});
    return outcomes;
  };
  return { load: { outcomes: load.outcomes, stop }, workers };
}

/** Per id: how the call ended and how often the upstreams executed it. */
export function tally(outcomes: readonly LoadOutcome[], ledger: Map<string, number>, tag: string) {
  const idOf = (o: LoadOutcome) => `${tag}-${o.worker}-${o.index}`;
  const answered = outcomes.filter((o) => o.value !== undefined);
  return {
    answered: answered.length,
    hung: outcomes.filter((o) => o.hung),
    failed: outcomes.filter((o) => o.value === undefined && !o.hung),
    /** Answered, but not executed exactly once. */
    notOnce: answered.map(idOf).filter((id) => ledger.get(id) !== 1),
    /** Executed more than once (answered or not). */
    duplicated: [...ledger].filter(([id, n]) => id.startsWith(`${tag}-`) && n > 1),
    /** The answer is another id's. */
    misanswered: answered.filter((o) => o.value !== idOf(o)),
  };
}

/**
 * A raw legacy session opened on the first instance directly, then called on the second one
 * directly: it must be forwarded to its owner (the first). Status and serving instance.
 */
export async function misroutedCall(d: Deployment) {
  const [owner, other] = d.instances as [MuxInstance, MuxInstance];
  const session = await RawLegacySession.open(owner.url);
  try {
    return await new RawLegacySession(other.url, session.sessionId).whoServes();
  } finally {
    await session.delete();
  }
}
