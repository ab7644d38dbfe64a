/**
 * Scenarios both balancer suites run (nginx.test.ts, haproxy.test.ts), each returning what it
 * saw so the suite asserts what its balancer promises: which instance served what, statuses,
 * arrival times. Every loop and wait is bounded.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  type Deployment,
  IDENTITY_TOOL,
  instanceOfEnvText,
  type LegacySession,
  MODERN_VERSION,
  modernToolCall,
  openLegacySession,
  RawLegacySession,
  waitFor,
} from './harness/index.js';

/** How many times each value occurs. */
export function countBy(values: readonly (string | undefined)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

/** `count` stateless 2026-07-28 identity calls in sequence: status and instance of each. */
export async function statelessRound(url: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await modernToolCall(url, `s-${i}-${Date.now()}`));
  return answers.map((a) => ({ status: a.status, instance: a.instance }));
}

/** A v2 SDK client pinned to 2026-07-28 through `url`: which instance served each call. */
export async function pinnedClientRound(url: string, calls: number): Promise<string[]> {
  const client = new Client(
    { name: 'deploy-modern', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN_VERSION } } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  try {
    const served: string[] = [];
    for (let i = 0; i < calls; i++) {
      const result = await client.callTool({ name: IDENTITY_TOOL, arguments: {} });
      const text = (result.content as { text?: string }[])[0]?.text ?? '';
      served.push(instanceOfEnvText(text) ?? 'unknown');
    }
    if (transport.sessionId !== undefined) throw new Error('a 2026-07-28 client got a session id');
    return served;
  } finally {
    await client.close();
  }
}

/**
 * `sessions` v1 SDK clients over legacy HTTP+SSE (GET /sse, POST /messages) through the
 * balancer, `calls` identity calls each: the instances that served each session's calls.
 */
export async function legacySseRound(mcpUrl: string, sessions: number, calls: number) {
  const served: string[][] = [];
  for (let s = 0; s < sessions; s++) {
    const client = new V1Client({ name: 'deploy-sse', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(mcpUrl.replace(/\/mcp$/, '/sse'))), {
      timeout: 10_000,
    });
    try {
      const instances: string[] = [];
      for (let i = 0; i < calls; i++) {
        const result = await client.callTool({ name: IDENTITY_TOOL, arguments: {} }, undefined, {
          timeout: 10_000,
        });
        const text = (result.content as { text?: string }[])[0]?.text ?? '';
        instances.push(instanceOfEnvText(text) ?? 'unknown');
      }
      served.push(instances);
    } finally {
      await client.close();
    }
  }
  return served;
}

export interface RawOpen {
  session?: RawLegacySession;
  /** The id the `initialize` response issued (also when the session then failed). */
  sessionId?: string | undefined;
  /** The status of `notifications/initialized` when it was not 202. */
  failedStatus?: number;
}

/** One raw legacy `initialize` + `initialized` through `url`, failures kept. */
export async function openRaw(url: string): Promise<RawOpen> {
  try {
    const session = await RawLegacySession.open(url);
    return { session, sessionId: session.sessionId };
  } catch (error) {
    const { status, sessionId } = error as { status?: number; sessionId?: string };
    if (status === undefined) throw error;
    return { sessionId, failedStatus: status };
  }
}

/**
 * A raw legacy session that works through `url` and is served by an instance `accept`s
 * (at most `attempts` tries: behind nginx's hash without the cluster, only a session whose
 * hash meets the instance that created it works).
 */
export async function openServedRaw(
  url: string,
  accept: (instance: string) => boolean = () => true,
  attempts = 40,
): Promise<{ session: RawLegacySession; instance: string }> {
  for (let i = 0; i < attempts; i++) {
    const { session } = await openRaw(url);
    if (!session) continue;
    const { instance } = await session.whoServes();
    if (instance && accept(instance)) return { session, instance };
    await session.delete();
  }
  throw new Error(`no working legacy session in ${attempts} attempts`);
}

/** The same with the v1 SDK client; failures to connect are collected (message text). */
export async function openServedSdk(
  url: string,
  accept: (instance: string) => boolean = () => true,
  attempts = 40,
): Promise<{ session: LegacySession; instance: string; failures: string[] }> {
  const failures: string[] = [];
  for (let i = 0; i < attempts; i++) {
    let session: LegacySession;
    try {
      session = await openLegacySession(url);
    } catch (error) {
      failures.push(String(error));
      continue;
    }
    const instance = await session.whoServes();
    if (accept(instance)) return { session, instance, failures };
    await session.close();
  }
  throw new Error(`no working SDK session in ${attempts} attempts: ${failures.slice(-1)}`);
}

/**
 * The GET stream of a working session, then a hot reload of the instance serving it that
 * hides a tool: the `tools/list_changed` it causes must arrive while the stream is open.
 * Returns when the priming event and the notification arrived, relative to the reload.
 */
export async function getStreamNotification(d: Deployment) {
  const { session, instance } = await openServedRaw(d.url);
  const { status, reader } = await session.getStream();
  if (!reader) throw new Error(`GET stream: ${status}`);
  try {
    const primed = await waitFor(() => reader.events.length > 0, 5_000, 'the priming event')
      .then(() => true)
      .catch(() => false);
    const target = d.instances.find((i) => i.name === instance);
    if (!target) throw new Error(`unknown instance ${instance}`);
    const config = target.config() as { mcpServers: Record<string, Record<string, unknown>> };
    const reloadAt = Date.now();
    target.rewrite({
      ...config,
      mcpServers: {
        ...config.mcpServers,
        ev: { ...config.mcpServers.ev, toolOverrides: { echo: { hidden: true } } },
      },
    });
    const notified = await waitFor(
      () => reader.messages().find((m) => m.method === 'notifications/tools/list_changed'),
      10_000,
      'tools/list_changed on the GET stream',
    ).catch(() => undefined);
    const streamOpen = !(await Promise.race([
      reader.done.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
    ]));
    target.rewrite(config);
    // The restore is a reload too: it restarts the upstream, and until it is back the
    // instance is between catalogs. Wait until the hidden tool answers again (asked of the
    // instance itself), so the next check does not meet that.
    await waitFor(
      async () => {
        const answer = await modernToolCall(target.url, `restored-${Date.now()}`, 'ev__echo', {
          message: 'restored',
        }).catch(() => undefined);
        return answer?.status === 200 && answer.body.includes('Echo: restored');
      },
      15_000,
      'the restored catalog',
    );
    return {
      primed,
      notifiedAfterMs: notified ? notified.at - reloadAt : undefined,
      streamOpen,
    };
  } finally {
    reader.drop();
    await session.delete();
  }
}

/**
 * A long tool call's POST stream, dropped after its first progress, resumed on GET with
 * `Last-Event-ID` through the balancer: the progress seen over both, and the result.
 */
export async function resumeAfterDrop(url: string) {
  const { session } = await openServedRaw(url);
  const reader = await session.callStreaming(
    7,
    'ev__trigger-long-running-operation',
    { duration: 1.6, steps: 4 },
    { progressToken: 'resume-me' },
  );
  await waitFor(
    () => reader.messages().some((m) => m.method === 'notifications/progress'),
    5_000,
    'the first progress',
  );
  const before = reader.messages();
  const lastEventId = reader.lastEventId;
  reader.drop();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const { status, reader: replay } = await session.getStream(lastEventId);
  if (!replay) return { status, progress: [], result: undefined };
  try {
    await waitFor(() => replay.messages().some((m) => m.id === 7), 8_000, 'the resumed result');
    const all = [...before, ...replay.messages()];
    const progress = all
      .filter((m) => m.method === 'notifications/progress')
      .map((m) => m.params?.progress);
    const result = all.find((m) => m.id === 7)?.result as { content: { text: string }[] };
    return { status, lastEventId, progress, result: result.content[0]?.text };
  } finally {
    replay.drop();
    await session.delete();
  }
}
