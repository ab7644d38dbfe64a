/**
 * Starting a subject (what the load generator talks to): the echo upstream directly, the
 * router in front of one or many echo upstreams, or a peer proxy. Every subject is checked
 * after start (its tools must be listed) so that a broken or unsupported combination is
 * reported as n/a instead of producing numbers. The first failure of a combination is
 * remembered: later scenarios skip it at once (that is the router-support probe).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Endpoint, openSession, type Session, type TransportKind } from '../client/session.js';
import {
  echoServerPath,
  httpFacadeFloorPath,
  httpRelayFloorPath,
  muxBinPath,
  naiveProxyPath,
  relayFloorPath,
  sdkEchoServerPath,
  wsRelayFloorPath,
} from '../paths.js';
import type { PeerInstall } from './peers.js';
import { freePort, type ServerProcess, spawnServer, waitForPort } from './processes.js';

export type SubjectKind =
  | 'direct'
  | 'mcp-mux'
  /**
   * `relayFloor.ts`: pipes, framing and id mapping only (what any Node proxy pays);
   * `httpFacadeFloor.ts` with an HTTP facade; toward an HTTP upstream `httpRelayFloor.ts`
   * (undici's `Pool`); toward WebSocket upstreams `wsRelayFloor.ts` (one connection per
   * upstream).
   */
  | 'relay-floor'
  | 'naive-sdk'
  | 'supergateway'
  | 'mcp-proxy';

export interface SubjectSpec {
  /** Unique within a scenario; also the chart series. */
  name: string;
  kind: SubjectKind;
  /** Client → subject. For `direct` it is also the upstream transport. */
  downstream: TransportKind;
  /** Subject → echo upstream. */
  upstream: TransportKind;
  /** Echo upstreams behind the router (mcp-mux; the WebSocket relay floor), default 1. */
  upstreams?: number;
  /** Tools listed by each echo upstream, default 1. */
  toolsPerUpstream?: number;
  /** Router queue limits (mcp-mux only); the defaults never throttle the bench. */
  muxLimits?: { concurrency: number; maxQueue: number };
  /** Extra CLI flags for the router (mcp-mux only), e.g. `--no-metrics`. */
  muxArgs?: string[];
  /** Extra `mcpMux` keys (mcp-mux only), given the run's temp dir for files they name. */
  muxConfig?: (tmpDir: string) => Record<string, unknown>;
  /** Another build of the router (mcp-mux only; `--compare`), default `muxBinPath`. */
  bin?: string;
  /** Flags for the relay floor (relay-floor only), e.g. `--bytes`. */
  relayArgs?: string[];
  /**
   * The stdio echo upstream: `per-message` (default: one `write()` per message, as SDK servers
   * do), `batched` (one write per tick) or `sdk` (the echo tool on a real SDK `McpServer`).
   */
  echo?: EchoKind;
  /** The client's protocol era (default legacy: `initialize`); `modern` is stdio only. */
  era?: 'legacy' | 'modern';
}

export type EchoKind = 'per-message' | 'batched' | 'sdk';

export interface LaunchContext {
  tmpDir: string;
  peers: PeerInstall;
  /** Combination key → why it failed the first time it was tried. */
  failures: Map<string, string>;
  /** Combinations that have worked at least once in this run. */
  working: Set<string>;
  /** Extra node flags for the router process (e.g. `--cpu-prof`). */
  routerNodeArgs: string[];
}

export interface Launched {
  spec: SubjectSpec;
  label: string;
  /** Tool names to call, spread round-robin. */
  tools: string[];
  /** Tools expected in a full `tools/list`. */
  listedTools: number;
  session: Session;
  /** The process whose CPU and memory are measured: router, peer, or the echo itself. */
  pid: number | undefined;
  /** Opens another client session (network subjects only). */
  connect(): Promise<Session>;
  close(): Promise<void>;
}

export const arrow = '→';

export function subjectLabel(spec: SubjectSpec): string {
  const u = spec.upstreams;
  const n = u === undefined ? '' : ` ×${u} upstream${u === 1 ? '' : 's'}`;
  if (spec.kind === 'direct') return `direct (${spec.downstream})`;
  if (spec.bin !== undefined || spec.kind === 'relay-floor')
    return `${spec.name} (${spec.downstream}${arrow}${spec.upstream})${n}`;
  // Variants of one build in one scenario (`metrics on`, `guardrails off`) keep their names.
  const variant = spec.name === spec.kind ? '' : ` [${spec.name}]`;
  return `${spec.kind}${variant} (${spec.downstream}${arrow}${spec.upstream})${n}`;
}

export const comboKey = (spec: SubjectSpec): string =>
  `${spec.bin === undefined && spec.kind !== 'relay-floor' ? spec.kind : spec.name}:${spec.downstream}${arrow}${spec.upstream}${spec.echo === 'sdk' ? ' (sdk echo)' : ''}${spec.era === 'modern' ? ' (2026-07-28)' : ''}`;

const node = process.execPath;

// Simulated work is asked per call (`arguments.workMs`), so every echo starts the same way.
function echoArgs(tools: number, extra: string[] = []): string[] {
  return [echoServerPath, '--tools', String(tools), ...extra];
}

/** The stdio echo upstream of a subject (`SubjectSpec.echo`). */
function stdioEchoArgs(spec: SubjectSpec, tools: number): string[] {
  if (spec.echo === 'sdk') return [sdkEchoServerPath, '--tools', String(tools)];
  return echoArgs(tools, spec.echo === 'batched' ? ['--batched'] : []);
}

/** An echo server on a network transport, shared by all upstream entries of one subject. */
async function startEchoServer(
  transport: 'http' | 'ws',
  tools: number,
): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort();
  const server = spawnServer(
    node,
    echoArgs(tools, ['--transport', transport, '--port', String(port)]),
  );
  await waitForPort(server, port);
  return { server, url: `${transport}://127.0.0.1:${port}/mcp` };
}

/** Lists every page of tools/list. */
export async function listAllTools(session: Session): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const result = await session.client.request('tools/list', cursor ? { cursor } : {});
    for (const t of (result.tools as { name: string }[] | undefined) ?? []) names.push(t.name);
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (!cursor) break;
  }
  return names;
}

/** Polls tools/list until every expected tool is there (upstreams connect asynchronously). */
async function awaitTools(session: Session, expected: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let missing = expected;
  while (Date.now() < deadline) {
    const listed = new Set(await listAllTools(session));
    missing = expected.filter((t) => !listed.has(t));
    if (missing.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tools not listed after ${timeoutMs} ms: ${missing.slice(0, 3).join(', ')}…`);
}

interface Plan {
  endpoint: Endpoint;
  servers: ServerProcess[];
  /** The measured process when it is a server we spawned (network facades). */
  serverPid?: number | undefined;
  tools: string[];
  listedTools: number;
}

async function planMux(
  spec: SubjectSpec,
  ctx: LaunchContext,
  servers: ServerProcess[],
): Promise<Plan> {
  const bin = spec.bin ?? muxBinPath;
  if (!existsSync(bin)) throw new Error(`mcp-mux CLI not built yet (${bin})`);
  const count = spec.upstreams ?? 1;
  const tools = spec.toolsPerUpstream ?? 1;
  const mcpServers: Record<string, unknown> = {};
  let shared: string | undefined;
  if (spec.upstream !== 'stdio') {
    if (spec.echo === 'sdk') throw new Error('the SDK echo is served over stdio only');
    const echo = await startEchoServer(spec.upstream, tools);
    servers.push(echo.server);
    shared = echo.url;
  }
  for (let i = 0; i < count; i++) {
    mcpServers[`e${i}`] =
      shared === undefined
        ? { command: node, args: stdioEchoArgs(spec, tools) }
        : { url: shared, transport: spec.upstream === 'http' ? 'streamable-http' : 'ws' };
  }
  const limits = spec.muxLimits ?? { concurrency: 256, maxQueue: 4096 };
  // One client opens every session of a memory scenario: the per-principal and per-listener
  // limits would refuse or evict them. Builds before those keys existed (`--compare`)
  // get none of them.
  const open =
    spec.bin === undefined ? { maxSessionsPerPrincipal: 1_000_000, maxConnections: 1_000_000 } : {};
  const extra = spec.muxConfig?.(ctx.tmpDir) ?? {};
  const config = { mcpServers, mcpMux: { separator: '__', ...open, ...limits, ...extra } };
  const file = join(ctx.tmpDir, `mux-${spec.name.replace(/\W+/g, '_')}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  const toolNames = Array.from({ length: count }, (_, i) => `e${i}__echo`);
  const plan = { servers, tools: toolNames, listedTools: count * tools };
  if (spec.downstream === 'stdio') {
    return {
      ...plan,
      endpoint: {
        kind: 'stdio',
        command: node,
        args: [...ctx.routerNodeArgs, bin, '--config', file, ...(spec.muxArgs ?? [])],
      },
    };
  }
  const port = await freePort();
  const flag = spec.downstream === 'http' ? '--http' : '--ws';
  const args = [
    ...ctx.routerNodeArgs,
    bin,
    '--config',
    file,
    flag,
    `127.0.0.1:${port}`,
    ...(spec.muxArgs ?? []),
  ];
  const mux = spawnServer(node, args);
  servers.push(mux);
  await waitForPort(mux, port);
  return { ...plan, endpoint: netEndpoint(spec.downstream, port), serverPid: mux.pid };
}

const netEndpoint = (kind: 'http' | 'ws', port: number): Endpoint => ({
  kind,
  url: `${kind}://127.0.0.1:${port}/mcp`,
});

async function planPeer(
  spec: SubjectSpec,
  ctx: LaunchContext,
  servers: ServerProcess[],
): Promise<Plan> {
  const tools = spec.toolsPerUpstream ?? 1;
  const base = { servers, tools: ['echo'], listedTools: tools };
  if (spec.kind === 'relay-floor' && spec.upstream === 'http') return planHttpFloor(spec, servers);
  if (spec.kind === 'relay-floor' && spec.upstream === 'ws') {
    if (spec.downstream !== 'stdio')
      throw new Error('the WebSocket relay floor has a stdio facade');
    // One echo process serves every connection, as it serves the router's upstreams.
    const echo = await startEchoServer('ws', tools);
    servers.push(echo.server);
    const connections = String(spec.upstreams ?? 1);
    return {
      ...base,
      endpoint: {
        kind: 'stdio',
        command: node,
        args: [wsRelayFloorPath, '--url', echo.url, '--connections', connections],
      },
    };
  }
  const upstream = [node, ...stdioEchoArgs(spec, tools)];
  if (spec.upstream !== 'stdio') throw new Error(`${spec.kind} is run with a stdio upstream only`);
  if (spec.kind === 'relay-floor' && spec.downstream === 'http') {
    // The HTTP facade's floor (httpFacadeFloor.ts): node:http in, one stdio upstream out.
    const port = await freePort();
    const floor = spawnServer(node, [
      httpFacadeFloorPath,
      '--port',
      String(port),
      '--',
      ...upstream,
    ]);
    servers.push(floor);
    await waitForPort(floor, port);
    return { ...base, endpoint: netEndpoint('http', port), serverPid: floor.pid };
  }
  if (spec.kind === 'naive-sdk' || spec.kind === 'relay-floor') {
    if (spec.downstream !== 'stdio') throw new Error(`${spec.kind} has a stdio facade only`);
    const script =
      spec.kind === 'naive-sdk' ? [naiveProxyPath] : [relayFloorPath, ...(spec.relayArgs ?? [])];
    return {
      ...base,
      endpoint: { kind: 'stdio', command: node, args: [...script, '--', ...upstream] },
    };
  }
  const pkg = spec.kind === 'supergateway' ? 'supergateway' : 'mcp-proxy';
  const script = ctx.peers.scripts[pkg];
  if (!script) throw new Error(ctx.peers.reasons[pkg] ?? 'not installed');
  if (spec.downstream !== 'http') throw new Error(`${pkg} is benchmarked with its HTTP facade`);
  const port = await freePort();
  const args =
    pkg === 'supergateway'
      ? [
          script,
          '--stdio',
          upstream.join(' '),
          '--outputTransport',
          'streamableHttp',
          '--stateful',
          '--port',
          String(port),
          '--logLevel',
          'none',
        ]
      : [
          script,
          '--port',
          String(port),
          '--host',
          '127.0.0.1',
          '--server',
          'stream',
          '--',
          ...upstream,
        ];
  const peer = spawnServer(node, args);
  servers.push(peer);
  await waitForPort(peer, port);
  return { ...base, endpoint: netEndpoint('http', port), serverPid: peer.pid };
}

/** The relay floor of an HTTP upstream hop, with a stdio or an HTTP client side. */
async function planHttpFloor(spec: SubjectSpec, servers: ServerProcess[]): Promise<Plan> {
  const echo = await startEchoServer('http', spec.toolsPerUpstream ?? 1);
  servers.push(echo.server);
  const base = { servers, tools: ['echo'], listedTools: spec.toolsPerUpstream ?? 1 };
  const args = [httpRelayFloorPath, '--upstream', echo.url];
  if (spec.downstream === 'stdio') {
    return { ...base, endpoint: { kind: 'stdio', command: node, args } };
  }
  if (spec.downstream !== 'http') throw new Error('the HTTP relay floor has no WebSocket facade');
  const port = await freePort();
  const floor = spawnServer(node, [...args, '--port', String(port)]);
  servers.push(floor);
  await waitForPort(floor, port);
  return { ...base, endpoint: netEndpoint('http', port), serverPid: floor.pid };
}

async function planDirect(
  spec: SubjectSpec,
  _ctx: LaunchContext,
  servers: ServerProcess[],
): Promise<Plan> {
  const tools = spec.toolsPerUpstream ?? 1;
  const base = { servers, tools: ['echo'], listedTools: tools };
  if (spec.downstream === 'stdio') {
    return {
      ...base,
      endpoint: { kind: 'stdio', command: node, args: stdioEchoArgs(spec, tools) },
    };
  }
  if (spec.echo === 'sdk') throw new Error('the SDK echo is served over stdio only');
  const echo = await startEchoServer(spec.downstream, tools);
  servers.push(echo.server);
  return {
    ...base,
    endpoint: { kind: spec.downstream, url: echo.url },
    serverPid: echo.server.pid,
  };
}

/** Starts a subject and opens its first session; throws (with the reason) when it cannot. */
export async function launchSubject(spec: SubjectSpec, ctx: LaunchContext): Promise<Launched> {
  const key = comboKey(spec);
  const known = ctx.failures.get(key);
  if (known) throw new Error(known);
  const servers: ServerProcess[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    const plan =
      spec.kind === 'direct'
        ? await planDirect(spec, ctx, servers)
        : spec.kind === 'mcp-mux'
          ? await planMux(spec, ctx, servers)
          : await planPeer(spec, ctx, servers);
    // A router starts its upstreams before it answers: allow for spawning many of them.
    const timeoutMs = 15_000 + 250 * (spec.upstreams ?? 0);
    const session = await openSession(plan.endpoint, {
      timeoutMs,
      ...(spec.era === undefined ? {} : { era: spec.era }),
    });
    try {
      await awaitTools(session, plan.tools, 10_000 + 200 * (spec.upstreams ?? 1));
    } catch (e) {
      await session.close();
      throw e;
    }
    ctx.working.add(key);
    return {
      spec,
      label: subjectLabel(spec),
      tools: plan.tools,
      listedTools: plan.listedTools,
      session,
      pid: plan.serverPid ?? session.pid,
      connect: () => {
        if (plan.endpoint.kind === 'stdio') throw new Error('a stdio subject has one session');
        return openSession(plan.endpoint);
      },
      close: async () => {
        await session.close();
        await stopAll();
      },
    };
  } catch (e) {
    await stopAll();
    const reason = (e as Error).message.split('\n')[0] ?? 'failed';
    // A combination that never worked is unsupported: skip it from now on. One that worked
    // before failed for this scenario only (size, upstream count) and is tried again later.
    if (!ctx.working.has(key)) ctx.failures.set(key, reason);
    throw e;
  }
}
