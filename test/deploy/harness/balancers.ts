/**
 * nginx and HAProxy in front of mcp-mux instances, unprivileged, on a loopback port, with the
 * shipped configs rendered for the test (render.ts): nginx in the foreground with its prefix,
 * temp paths and pid file in a temp dir and errors on stderr; HAProxy with `-db` (foreground)
 * and its log lines on stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstanceInfo } from './muxInstances.js';
import { type Child, freePort, startChild, tempDir, waitForPort } from './processes.js';
import { type Backend, renderHaproxy, renderNginx } from './render.js';

export interface Balancer {
  kind: 'nginx' | 'haproxy';
  port: number;
  /** The public endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** The rendered config (for diagnostics). */
  config: string;
  process: Child;
  /** The balancer's per-request log lines so far (nginx access log, HAProxy stdout). */
  log(): string[];
  stop(): Promise<void>;
}

/** An instance's `mcpMux.cluster.instanceId` (nginx routes a session to the owner it names). */
export type InstanceIdOf = (instance: InstanceInfo) => string;

const backendsOf = (
  instances: readonly InstanceInfo[],
  instanceIdOf: InstanceIdOf = (instance) => instance.name,
): Backend[] =>
  instances.map((instance) => ({
    name: instance.name,
    address: `127.0.0.1:${instance.port}`,
    checkPort: instance.metricsPort,
    instanceId: instanceIdOf(instance),
  }));

/** The balancer's port, chosen before the instances start (they must accept its Host). */
export const balancerPort = freePort;

export async function startNginx(
  binary: string,
  instances: readonly InstanceInfo[],
  port: number,
  instanceIdOf?: InstanceIdOf,
): Promise<Balancer> {
  const dir = tempDir('nginx');
  const config = renderNginx({
    listenPort: port,
    backends: backendsOf(instances, instanceIdOf),
    dir,
  });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const args = ['-e', 'stderr', '-p', `${dir}/`, '-c', file];
  const globals = `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr warn;`;
  const process = startChild('nginx', binary, [...args, '-g', globals]);
  await waitForPort(process, port);
  const accessLog = join(dir, 'access.log');
  return {
    kind: 'nginx',
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    config,
    process,
    log: () => {
      try {
        return readFileSync(accessLog, 'utf8').split('\n').filter(Boolean);
      } catch {
        return [];
      }
    },
    stop: () => process.stop(),
  };
}

export async function startHaproxy(
  binary: string,
  instances: readonly InstanceInfo[],
  port: number,
): Promise<Balancer> {
  const dir = tempDir('haproxy');
  const config = renderHaproxy({ listenPort: port, backends: backendsOf(instances) });
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const process = startChild('haproxy', binary, ['-f', file, '-db']);
  await waitForPort(process, port);
  const balancer: Balancer = {
    kind: 'haproxy',
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    config,
    process,
    log: () =>
      process
        .output()
        .split('\n')
        .filter((line) => /\bmcp mcp_mux(_by_client)?\//.test(line)),
    stop: () => process.stop(),
  };
  return balancer;
}

/**
 * The last state HAProxy reported for server `name` ("Server mcp_mux/<name> is UP|DOWN", on
 * each health-check transition); undefined before its first transition (servers start UP).
 */
export function haproxyServerState(balancer: Balancer, name: string): 'UP' | 'DOWN' | undefined {
  let state: 'UP' | 'DOWN' | undefined;
  for (const [, server, seen] of balancer.process
    .output()
    .matchAll(/Server mcp_mux\/(\S+) is (UP|DOWN)/g)) {
    if (server === name) state = seen as 'UP' | 'DOWN';
  }
  return state;
}
