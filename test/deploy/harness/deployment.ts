/**
 * One call for the usual shape: K mcp-mux instances behind nginx or HAProxy on loopback. The
 * balancer's port is chosen first (the instances accept its `Host`), then the instances start,
 * then the balancer (nginx's owner blocks named after each instance's `cluster.instanceId`,
 * else its name). `stop` takes everything down, bounded, whatever state it is in.
 */
import { type Balancer, balancerPort, startHaproxy, startNginx } from './balancers.js';
import {
  allocateInstances,
  type InstanceInfo,
  type MuxInstance,
  type MuxInstancesOptions,
  startMuxInstances,
  stopMuxInstances,
} from './muxInstances.js';

export interface Deployment {
  instances: MuxInstance[];
  balancer: Balancer;
  /** The public endpoint (through the balancer). */
  url: string;
  stop(): Promise<void>;
}

export async function startDeployment(
  kind: 'nginx' | 'haproxy',
  binary: string,
  options: MuxInstancesOptions,
): Promise<Deployment> {
  const port = await balancerPort();
  const infos = await allocateInstances(options.count);
  const instances = await startMuxInstances(infos, {
    ...options,
    allowHosts: [`127.0.0.1:${port}`, ...(options.allowHosts ?? [])],
  });
  // nginx's owner blocks are named after the ids the instances' cluster settings give them.
  const instanceIdOf = (info: InstanceInfo): string => {
    const cluster = options.mcpMux?.(info, infos).cluster as { instanceId?: unknown } | undefined;
    return typeof cluster?.instanceId === 'string' ? cluster.instanceId : info.name;
  };
  let balancer: Balancer;
  try {
    balancer =
      kind === 'nginx'
        ? await startNginx(binary, infos, port, instanceIdOf)
        : await startHaproxy(binary, infos, port);
  } catch (error) {
    await stopMuxInstances(instances);
    throw error;
  }
  return {
    instances,
    balancer,
    url: balancer.url,
    stop: async () => {
      await Promise.all([balancer.stop(), stopMuxInstances(instances)]);
    },
  };
}
