/**
 * `mcp-mux status --url http://HOST:PORT` (alias `top`): a live table of the upstreams of a
 * running mcp-mux, from its `/readyz` (states, tool counts, the oldest routed requests in
 * flight) and `/metrics` (in-flight, queued, upstream latency p50/p99, restarts), refreshed
 * every `--interval-ms` (default 1000), or printed once with `--once`. Latency quantiles are over the requests since the previous
 * refresh (since start on the first one). Bearer token: the first of `$MCP_MUX_TOKENS`.
 */
import type { ClusterView } from './cluster.js';
import { bucketDelta, bucketsOf, parsePromText, quantile, type Sample } from './promText.js';

export interface StatusOptions {
  url: string;
  once: boolean;
  intervalMs: number;
  token?: string;
  write: (text: string) => void;
  /** Stops the loop (tests, SIGINT). */
  signal?: AbortSignal;
}

interface ReadyUpstream {
  name: string;
  state: string;
  health?: string;
  tools?: number;
  error?: string;
}

/** One of the oldest routed requests in flight, as `/readyz` lists them. */
interface ReadyRequest {
  upstream: string;
  method: string;
  ageMs: number;
  state: string;
  queuePosition?: number;
}

/** What `/readyz` shows of a cluster (bin/cluster.ts); `store` as read, not narrowed. */
type ReadyCluster = Omit<ClusterView, 'store'> & { store: string };

/** The cluster table: every live instance, this one marked `*`. */
export function renderCluster(cluster: ReadyCluster): string {
  const store = `${cluster.store}${cluster.storeAvailable ? '' : ' (unavailable)'}`;
  const rows = [['INSTANCE', 'URL', 'SOURCE', 'LAST-BEAT', 'UPTIME']];
  for (const i of cluster.instances) {
    rows.push([
      `${i.self ? '*' : ' '}${i.id}`,
      i.url,
      i.source,
      `${i.ageMs}ms`,
      i.uptimeMs > 0 ? `${Math.round(i.uptimeMs / 1000)}s` : '-',
    ]);
  }
  const count = cluster.instances.length;
  return `\ncluster: ${count} instance${count === 1 ? '' : 's'}, store ${store}\n${table(rows)}`;
}

/** The listener's base URL: `http://h:p/mcp` and `http://h:p/` both give `http://h:p`. */
export function baseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

async function fetchText(url: string, token: string | undefined): Promise<string> {
  const response = await fetch(url, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  if (!response.ok && response.status !== 503) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return response.text();
}

const ms = (seconds: number | undefined): string =>
  seconds === undefined ? '-' : `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 1)}ms`;

const sumOf = (samples: readonly Sample[], name: string, upstream: string): number =>
  samples
    .filter((s) => s.name === name && s.labels.upstream === upstream)
    .reduce((sum, s) => sum + s.value, 0);

/** One table (the text `status` prints), from one scrape and the previous one. */
export function renderStatus(
  ready: {
    status: string;
    upstreams: ReadyUpstream[];
    requests?: ReadyRequest[];
    cluster?: ReadyCluster;
  },
  samples: readonly Sample[],
  previous: readonly Sample[] | undefined,
): string {
  const rows = [
    [
      'UPSTREAM',
      'STATE',
      'HEALTH',
      'TOOLS',
      'IN-FLIGHT',
      'QUEUED',
      'P50',
      'P99',
      'REQS',
      'RESTARTS',
    ],
  ];
  for (const u of ready.upstreams) {
    const match = (labels: Record<string, string>) => labels.upstream === u.name;
    const now = bucketsOf(samples, 'mcp_mux_upstream_duration_seconds', match);
    const before = previous && bucketsOf(previous, 'mcp_mux_upstream_duration_seconds', match);
    const delta = bucketDelta(now, before);
    const window = (delta.get(Number.POSITIVE_INFINITY) ?? 0) > 0 ? delta : now;
    rows.push([
      u.name,
      u.state,
      u.health ?? '-',
      String(u.tools ?? 0),
      String(sumOf(samples, 'mcp_mux_upstream_in_flight', u.name)),
      String(sumOf(samples, 'mcp_mux_upstream_queued', u.name)),
      ms(quantile(window, 0.5)),
      ms(quantile(window, 0.99)),
      String(sumOf(samples, 'mcp_mux_requests_total', u.name)),
      String(sumOf(samples, 'mcp_mux_upstream_restarts_total', u.name)),
    ]);
  }
  const requests = ready.requests ?? [];
  const oldest =
    requests.length === 0
      ? ''
      : `\noldest requests in flight\n${table([
          ['UPSTREAM', 'METHOD', 'STATE', 'AGE'],
          ...requests.map((r) => [
            r.upstream,
            r.method,
            r.queuePosition === undefined ? r.state : `${r.state} #${r.queuePosition + 1}`,
            `${r.ageMs}ms`,
          ]),
        ])}`;
  const cluster = ready.cluster ? renderCluster(ready.cluster) : '';
  return `mcp-mux: ${ready.status}\n${table(rows)}${oldest}${cluster}`;
}

/** Rows as aligned columns, one line each. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const lines = rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}

export async function status(options: StatusOptions): Promise<number> {
  const base = baseUrl(options.url);
  let previous: Sample[] | undefined;
  for (;;) {
    const [readyText, metricsText] = await Promise.all([
      fetchText(`${base}/readyz`, options.token),
      fetchText(`${base}/metrics`, options.token),
    ]);
    const samples = parsePromText(metricsText);
    const table = renderStatus(JSON.parse(readyText) as never, samples, previous);
    previous = samples;
    if (options.once) {
      options.write(table);
      return 0;
    }
    options.write(`\x1b[H\x1b[2J${new Date().toISOString()}  ${base}\n${table}`);
    const stopped = await new Promise<boolean>((resolve) => {
      if (options.signal?.aborted) return resolve(true);
      const timer = setTimeout(() => resolve(false), options.intervalMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (stopped) return 0;
  }
}
