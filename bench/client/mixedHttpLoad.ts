/**
 * The load of the `cluster` scenario: closed-loop workers over plain HTTP (undici, keep-alive),
 * half of them each holding a legacy Streamable HTTP session and calling `tools/call` on it,
 * half sending stateless 2026-07-28 `tools/call`s. A call counts when it answers 200 with a
 * JSON-RPC result; every call is bounded by a timeout.
 *
 * The calls go through undici's `request` on one keep-alive `Agent` per run, not `fetch`: the
 * load generator shares the two cores with the routers, and `fetch` (WHATWG streams, an
 * `AbortSignal` per call) cost 680–890 µs of the generator's CPU per call against about 110,
 * which left the routers half idle and measured the generator more than the sets.
 */
import { Agent, request } from 'undici';
import { createLatencyHistogram, type Histogram, recordMs } from '../stats/latency.js';

export const LEGACY_VERSION = '2025-11-25';
export const MODERN_VERSION = '2026-07-28';
const ACCEPT = 'application/json, text/event-stream';
const CALL_TIMEOUT_MS = 10_000;

/** A legacy session: its id and the URL its calls are sent to (the balancer, or an instance). */
export interface LegacyTarget {
  sessionId: string;
  url: string;
}

/** `initialize` + `notifications/initialized` through `url`; the session id. */
export async function openLegacySessionId(url: string): Promise<string> {
  const headers = { accept: ACCEPT, 'content-type': 'application/json' };
  const init = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LEGACY_VERSION,
        capabilities: {},
        clientInfo: { name: 'bench-cluster', version: '1.0.0' },
      },
    }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  await init.text();
  const sessionId = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !sessionId) throw new Error(`initialize answered ${init.status}`);
  const done = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY_VERSION },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  await done.text();
  if (done.status !== 202) throw new Error(`notifications/initialized answered ${done.status}`);
  return sessionId;
}

async function call(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<boolean> {
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { accept: ACCEPT, 'content-type': 'application/json', ...headers },
      body,
      dispatcher: agent,
    });
    const text = await response.body.text();
    return response.statusCode === 200 && text.includes('"result"');
  } catch {
    return false;
  }
}

export interface MixedLoad {
  legacy: readonly LegacyTarget[];
  /** Where stateless calls go (the balancer). */
  statelessUrl: string;
  /** Stateless workers (legacy workers: one per session). */
  statelessWorkers: number;
  tool: string;
  arguments: Record<string, unknown>;
  durationMs: number;
}

export interface MixedResult {
  completed: number;
  errors: number;
  legacyCompleted: number;
  elapsedMs: number;
  histogram: Histogram;
}

/** Runs the closed loop for `durationMs`; calls in flight at the end are awaited. */
export async function runMixedLoad(load: MixedLoad): Promise<MixedResult> {
  const histogram = createLatencyHistogram();
  const result = { completed: 0, errors: 0, legacyCompleted: 0 };
  const started = performance.now();
  const until = started + load.durationMs;
  let id = 0;
  const params = (meta?: Record<string, unknown>) => ({
    name: load.tool,
    arguments: load.arguments,
    ...(meta ? { _meta: meta } : {}),
  });
  const modernMeta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const worker = async (send: () => Promise<boolean>, legacy: boolean) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      if (await send()) {
        recordMs(histogram, performance.now() - t0);
        result.completed++;
        if (legacy) result.legacyCompleted++;
      } else result.errors++;
    }
  };
  const legacyHeaders = (target: LegacyTarget) => ({
    'mcp-session-id': target.sessionId,
    'mcp-protocol-version': LEGACY_VERSION,
  });
  const modernHeaders = {
    'mcp-protocol-version': MODERN_VERSION,
    'mcp-method': 'tools/call',
    'mcp-name': load.tool,
  };
  const body = (meta?: Record<string, unknown>) =>
    JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: params(meta) });
  // At most one connection per worker; every call bounded by the timeouts, as fetch's signal did.
  const agent = new Agent({
    connections: load.legacy.length + load.statelessWorkers,
    headersTimeout: CALL_TIMEOUT_MS,
    bodyTimeout: CALL_TIMEOUT_MS,
  });
  try {
    await Promise.all([
      ...load.legacy.map((target) =>
        worker(() => call(agent, target.url, legacyHeaders(target), body()), true),
      ),
      ...Array.from({ length: load.statelessWorkers }, () =>
        worker(() => call(agent, load.statelessUrl, modernHeaders, body(modernMeta)), false),
      ),
    ]);
  } finally {
    await agent.close();
  }
  return { ...result, elapsedMs: performance.now() - started, histogram };
}
