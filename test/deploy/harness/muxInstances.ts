/**
 * K real mcp-mux instances (the built CLI, `dist/bin/mcp-mux.js`), each serving Streamable
 * HTTP on its own loopback port with a real upstream, a `--metrics` listener for health checks,
 * and the balancer's address among its accepted `Host` values. Every instance has its own
 * config file, so a test can give each one extra `mcpMux` keys (the cluster settings) or env,
 * rewrite it (a hot reload), kill it with SIGKILL and start it again on the same ports.
 *
 * Which instance served a call: the default upstream is server-everything with
 * `MCP_MUX_TEST_INSTANCE=<name>` in its environment, so its `get-env` tool (`ev__get-env`)
 * names the instance (`instanceOfEnvText`).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Child,
  freePort,
  startChild,
  tempDir,
  waitForPort,
  waitForReady,
} from './processes.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The checkout's root, from the sources or from their build (dist/test/deploy/harness, bench). */
export const repoRoot = resolve(
  here,
  here.includes(join('dist', 'test')) ? '../../../..' : '../../..',
);
export const cliPath = join(repoRoot, 'dist/bin/mcp-mux.js');
export const everythingPath = join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const fixturePath = (name: string): string =>
  join(repoRoot, 'dist/test/fixtures', `${name}.js`);

/** What is known of an instance before it starts (ports are allocated up front). */
export interface InstanceInfo {
  index: number;
  /** `mux-0`, `mux-1`… */
  name: string;
  port: number;
  metricsPort: number;
  /** Its own Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp` (no balancer). */
  url: string;
}

export interface MuxInstance extends InstanceInfo {
  configFile: string;
  /** The running process (replaced by `restart`). */
  process(): Child;
  /** The config written for it (mcpServers + mcpMux); `rewrite` replaces it (hot reload). */
  config(): Record<string, unknown>;
  rewrite(config: Record<string, unknown>): void;
  alive(): boolean;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again on the same ports with the same config; resolves when it is ready. */
  restart(): Promise<void>;
}

export interface MuxInstancesOptions {
  count: number;
  /** `Host` values to accept besides the instance's own (the balancer's `127.0.0.1:<port>`). */
  allowHosts?: string[];
  /** The `mcpServers` of an instance (default: `defaultUpstreams`). */
  upstreams?: (self: InstanceInfo) => Record<string, unknown>;
  /** Extra `mcpMux` keys of an instance, e.g. `{ cluster: { instanceId, peers… } }`. */
  mcpMux?: (self: InstanceInfo, all: readonly InstanceInfo[]) => Record<string, unknown>;
  /** Extra environment of an instance, e.g. `MCP_MUX_CLUSTER_KEY`. */
  env?: (self: InstanceInfo) => Record<string, string>;
  /** Extra CLI arguments of every instance. */
  args?: string[];
  /** How long an instance may take to be ready (default 30 s). */
  readyMs?: number;
}

/** server-everything over stdio, told which instance it belongs to. */
export const defaultUpstreams = (self: InstanceInfo): Record<string, unknown> => ({
  ev: {
    command: process.execPath,
    args: [everythingPath, 'stdio'],
    env: { MCP_MUX_TEST_INSTANCE: self.name },
  },
});

/** The instance name in the text of `ev__get-env` (undefined when absent). */
export function instanceOfEnvText(text: string): string | undefined {
  try {
    const env = JSON.parse(text) as Record<string, unknown>;
    const name = env.MCP_MUX_TEST_INSTANCE;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return /"MCP_MUX_TEST_INSTANCE":\s*"([^"]+)"/.exec(text)?.[1];
  }
}

/** Whether the instance's `/readyz` (on its metrics listener) answers 200. */
async function ready(info: InstanceInfo): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${info.metricsPort}/readyz`, {
      signal: AbortSignal.timeout(1_000),
    });
    await response.text();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Allocates ports for `count` instances (before anything starts: balancers need them). */
export async function allocateInstances(count: number): Promise<InstanceInfo[]> {
  const infos: InstanceInfo[] = [];
  for (let index = 0; index < count; index++) {
    const port = await freePort();
    const metricsPort = await freePort();
    infos.push({
      index,
      name: `mux-${index}`,
      port,
      metricsPort,
      url: `http://127.0.0.1:${port}/mcp`,
    });
  }
  return infos;
}

/** Starts one instance per `infos` entry, in parallel; resolves when all are ready. */
export async function startMuxInstances(
  infos: readonly InstanceInfo[],
  options: Omit<MuxInstancesOptions, 'count'> = {},
): Promise<MuxInstance[]> {
  const dir = tempDir('mux');
  const instances = infos.map((info) => {
    const configFile = join(dir, `${info.name}.json`);
    let config: Record<string, unknown> = {
      mcpServers: (options.upstreams ?? defaultUpstreams)(info),
      mcpMux: { initializeGraceMs: 30_000, ...(options.mcpMux?.(info, infos) ?? {}) },
    };
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    const args = [
      cliPath,
      '--config',
      configFile,
      '--http',
      `127.0.0.1:${info.port}`,
      '--metrics',
      `127.0.0.1:${info.metricsPort}`,
      ...(options.allowHosts ?? []).flatMap((host) => ['--allow-host', host]),
      ...(options.args ?? []),
    ];
    const env = options.env?.(info) ?? {};
    let child: Child | undefined;
    const launch = async () => {
      child = startChild(info.name, process.execPath, args, { env });
      const current = child;
      await waitForPort(current, info.port, options.readyMs ?? 30_000);
      await waitForReady(
        current,
        () => ready(info),
        options.readyMs ?? 30_000,
        `${info.name} ready`,
      );
    };
    const instance: MuxInstance = {
      ...info,
      configFile,
      process: () => {
        if (!child) throw new Error(`${info.name} was never started`);
        return child;
      },
      config: () => config,
      rewrite: (next) => {
        config = next;
        writeFileSync(configFile, JSON.stringify(config, null, 2));
      },
      alive: () => child !== undefined && !child.exited(),
      kill9: async () => child?.kill9(),
      stop: async () => child?.stop(),
      restart: async () => {
        await child?.stop();
        await launch();
      },
    };
    return { instance, launch };
  });
  try {
    await Promise.all(instances.map(({ launch }) => launch()));
  } catch (error) {
    await Promise.all(instances.map(({ instance }) => instance.stop()));
    throw error;
  }
  return instances.map(({ instance }) => instance);
}

/** Stops every instance (SIGTERM, bounded), ignoring those already gone. */
export async function stopMuxInstances(
  instances: readonly MuxInstance[] | undefined,
): Promise<void> {
  await Promise.all((instances ?? []).map((instance) => instance.stop()));
}
