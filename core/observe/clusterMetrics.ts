/**
 * A cluster instance's metrics, read at scrape time (nothing counted per request here): the
 * requests it forwarded to their owners by kind (`session`, `round`), method and outcome
 * (`answered`, `unreachable`, `broken`), the time from forwarding to the owner's headers (the
 * hop's cost as a client sees it), the live instances it knows and whether the shared store
 * answers.
 */
import type { Registry } from 'prom-client';
import { promClient } from './promClient.js';

export interface ClusterSample {
  /** Counts keyed `"<kind> <method> <outcome>"`. */
  forwarded: ReadonlyMap<string, number>;
  headerSeconds: { sum: number; count: number };
  instances: number;
  /** Undefined: no shared store (static peers only). */
  storeAvailable: boolean | undefined;
}

export function registerClusterMetrics(registry: Registry, sample: () => ClusterSample): void {
  const { Counter, Gauge } = promClient();
  const registers = [registry];
  new Counter({
    name: 'mcp_mux_cluster_forwarded_total',
    help: 'Requests forwarded to the instance that owns their session or round, by outcome',
    labelNames: ['kind', 'method', 'outcome'],
    registers,
    collect() {
      this.reset();
      for (const [key, count] of sample().forwarded) {
        const [kind = '', method = '', outcome = ''] = key.split(' ');
        this.labels(kind, method, outcome).inc(count);
      }
    },
  });
  const seconds = (name: string, help: string, pick: 'sum' | 'count') =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(sample().headerSeconds[pick]);
      },
    });
  seconds(
    'mcp_mux_cluster_forward_header_seconds_sum',
    "Time from forwarding a request to its owner's response headers, summed",
    'sum',
  );
  seconds(
    'mcp_mux_cluster_forward_header_seconds_count',
    'Forwarded requests whose owner answered with headers',
    'count',
  );
  new Gauge({
    name: 'mcp_mux_cluster_instances',
    help: 'Live instances this one knows, itself included',
    registers,
    collect() {
      this.set(sample().instances);
    },
  });
  new Gauge({
    name: 'mcp_mux_cluster_store_up',
    help: '1 when the shared store (Redis) answers, 0 when not; absent without one',
    registers,
    collect() {
      const up = sample().storeAvailable;
      this.reset();
      if (up !== undefined) this.set(up ? 1 : 0);
    },
  });
}
