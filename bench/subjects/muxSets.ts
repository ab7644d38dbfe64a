/**
 * The subjects of the `cluster` scenario: sets of real mcp-mux instances behind nginx
 * (deploy/nginx.conf), started with the deployment tests' launchers (test/deploy/harness:
 * the same processes, config rendering and bounded waits), each instance with the bench's
 * echo upstream over stdio. A clustered set shares one redis-server for its membership.
 * Also what is read from them: the CPU time of the instances and of nginx's workers
 * (/proc), and the requests the instances forwarded (their /metrics).
 */
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Deployment, startDeployment } from '../../test/deploy/harness/deployment.js';
import type { InstanceInfo } from '../../test/deploy/harness/muxInstances.js';
import { type RedisServer, startRedis } from '../../test/deploy/harness/redis.js';
import { echoServerPath } from '../paths.js';
import { readCpuTimes } from '../stats/procStats.js';

const CLUSTER_KEY = 'bench-cluster-key-0123456789abcdef0123456789';
export const ECHO_TOOL = 'e0__echo';

/** An executable named `name` on PATH or in the sbin directories; undefined when missing. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // next
    }
  }
  return undefined;
}

export interface MuxSet {
  deployment: Deployment;
  /** The instance id a cluster session id names → that instance's own MCP URL. */
  urlOfInstanceId(id: string): string | undefined;
  /** CPU µs so far: the mcp-mux processes, nginx's workers. */
  cpu(): { mux: number; nginx: number };
  /** Requests forwarded so far (all instances, every kind and outcome). */
  forwarded(): Promise<number>;
  /** nginx's error log lines so far (warnings and worse: failed upstreams). */
  balancerErrors(): string[];
  stop(): Promise<void>;
}

function cpuOf(pid: number | undefined): number {
  const times = pid === undefined ? undefined : readCpuTimes(pid);
  return times ? times.user + times.kernel : 0;
}

/** The pids of `parent`'s children (nginx's workers), from /proc. */
function childrenOf(parent: number | undefined): number[] {
  if (parent === undefined) return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

async function forwardedOf(info: InstanceInfo): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${info.metricsPort}/metrics`, {
    signal: AbortSignal.timeout(5_000),
  });
  let sum = 0;
  for (const [, value] of (await response.text()).matchAll(
    /^mcp_mux_cluster_forwarded_total\{[^}]*\} (\d+)/gm,
  ))
    sum += Number(value);
  return sum;
}

/** How many instances `info` sees in the cluster (its /readyz), 0 when unknown. */
async function seenInstances(info: InstanceInfo): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${info.metricsPort}/readyz`, {
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { cluster?: { instances?: unknown[] } };
    return body.cluster?.instances?.length ?? 0;
  } catch {
    return 0;
  }
}

/**
 * `count` instances behind nginx; with `redis`, each with `mcpMux.cluster` (membership in that
 * Redis). Resolves when nginx accepts and, clustered, every instance sees all the others
 * (bounded: 20 s).
 */
export async function startMuxSet(
  nginx: string,
  count: number,
  redis?: RedisServer,
): Promise<MuxSet> {
  const idOf = (info: InstanceInfo): string => `node-${info.index}`;
  const deployment = await startDeployment('nginx', nginx, {
    count,
    upstreams: () => ({
      e0: { command: process.execPath, args: [echoServerPath, '--tools', '1'] },
    }),
    mcpMux: (self) => ({
      separator: '__',
      concurrency: 256,
      maxQueue: 4096,
      ...(redis
        ? {
            cluster: {
              instanceId: idOf(self),
              advertiseUrl: `http://127.0.0.1:${self.port}`,
              redis: redis.url,
            },
          }
        : {}),
    }),
    env: () => (redis ? { MCP_MUX_CLUSTER_KEY: CLUSTER_KEY } : {}),
  });
  const set: MuxSet = {
    deployment,
    urlOfInstanceId: (id) => deployment.instances.find((i) => idOf(i) === id)?.url,
    cpu: () => ({
      mux: deployment.instances.reduce((sum, i) => sum + cpuOf(i.process().child.pid), 0),
      nginx: childrenOf(deployment.balancer.process.child.pid).reduce(
        (sum, pid) => sum + cpuOf(pid),
        0,
      ),
    }),
    forwarded: async () =>
      redis
        ? (await Promise.all(deployment.instances.map(forwardedOf))).reduce((a, b) => a + b)
        : 0,
    balancerErrors: () =>
      deployment.balancer.process
        .output()
        .split('\n')
        .filter((line) => /\[(warn|error|crit)\]/.test(line)),
    stop: () => deployment.stop(),
  };
  if (redis) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const seen = await Promise.all(deployment.instances.map(seenInstances));
      if (seen.every((n) => n === count)) break;
      if (Date.now() > deadline) {
        await set.stop();
        throw new Error(`the instances see ${seen.join('/')} of ${count} after 20 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return set;
}

export { type RedisServer, startRedis };
