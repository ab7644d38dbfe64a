/**
 * A throwaway redis-server on a loopback port: no persistence, no config file, its working
 * directory in a temp dir. `restart` stops it (SIGKILL: a crash, or SIGTERM) and starts a new
 * one on the same port, empty — what instances see when Redis goes away and comes back.
 */
import {
  type Child,
  freePort,
  startChild,
  tempDir,
  waitForPort,
  waitForReady,
} from './processes.js';

export interface RedisServer {
  port: number;
  /** `redis://127.0.0.1:<port>` */
  url: string;
  process(): Child;
  /** Stops it (SIGKILL when `crash`), and with `downMs` waits that long before starting again. */
  restart(options?: { crash?: boolean; downMs?: number }): Promise<void>;
  /** Stops it for good (until `start`). */
  stop(options?: { crash?: boolean }): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(binary: string, port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const dir = tempDir('redis');
  let child: Child | undefined;
  const start = async () => {
    child = startChild('redis-server', binary, [
      '--port',
      String(chosen),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--protected-mode',
      'yes',
    ]);
    const current = child;
    await waitForPort(current, chosen);
    // Its own line, not the port: after a restart, another process may hold the port.
    await waitForReady(
      current,
      () => /Ready to accept connections/.test(current.output()),
      15_000,
      `redis-server on ${chosen} ready`,
    );
  };
  const stop = async (options: { crash?: boolean } = {}) => {
    if (options.crash) await child?.kill9();
    else await child?.stop();
  };
  await start();
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    process: () => {
      if (!child) throw new Error('redis-server was never started');
      return child;
    },
    stop,
    start,
    restart: async (options = {}) => {
      await stop(options);
      if (options.downMs) await new Promise((resolve) => setTimeout(resolve, options.downMs));
      await start();
    },
  };
}
