/**
 * Opens the transport of one configured upstream: a child process for `command` servers, a
 * network client for `url` servers. It reads only the transport keys of the config.
 */
import type { UpstreamConfig } from '../core/config.js';
import type { Logger } from '../core/log.js';
import { StdioClientTransport } from './stdioClient.js';
import type { Transport } from './transport.js';

export interface OpenTransportOptions {
  log: Logger;
  signal?: AbortSignal;
}

export async function openUpstreamTransport(
  config: UpstreamConfig,
  options: OpenTransportOptions,
): Promise<Transport> {
  const log = options.log.child(`upstream ${config.name}`);
  switch (config.transport) {
    case 'stdio': {
      if (config.command === undefined) throw new Error(`upstream ${config.name} has no command`);
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: config.env,
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
        name: config.name,
        log,
      });
      options.signal?.addEventListener('abort', () => void transport.close(), { once: true });
      return transport;
    }
    default:
      throw new Error(
        `upstream ${config.name}: transport "${config.transport}" is not supported yet`,
      );
  }
}
