/**
 * The long-running router: the stdio facade on the process's own stdin/stdout and/or the
 * network facades, until stdin ends (when stdio is served), SIGINT or SIGTERM. Shutdown stops
 * the listeners, then closes the router (upstreams are closed as the spec says; no orphans).
 */
import type { Logger, Router } from '../index.js';
import { StdioServerTransport } from '../transports/stdio.js';
import type { Facades } from './facades.js';

export interface ServeOptions {
  /** Serve a client on stdin/stdout; its end (stdin closed) stops the router. */
  stdio: boolean;
  /** Network listeners already attached to the router (bin/facades.ts). */
  facades?: Facades;
}

export async function serve(router: Router, log: Logger, options: ServeOptions): Promise<number> {
  const started = router.start();
  const session = options.stdio ? router.connect(new StdioServerTransport()) : undefined;
  void started.then(() => {
    const statuses = router.status();
    const ready = statuses.filter((s) => s.state === 'ready');
    log.info(
      `ready: ${ready.length}/${statuses.length} upstreams — ${router.catalog.list('tools').length} tools, ${router.catalog.list('prompts').length} prompts, ${router.catalog.list('resources').length} resources exposed`,
    );
  });
  let stopping: Promise<void> | undefined;
  const stop = (why: string): Promise<void> => {
    if (!stopping) {
      log.info(`shutting down (${why})`);
      stopping = (async () => {
        await options.facades?.close();
        await router.close();
      })();
    }
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop(signal).then(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  if (session) {
    await session.closed;
    await stop('stdin closed');
    return 0;
  }
  // Network only: the listeners keep the process alive until a signal stops it.
  await new Promise<void>(() => {});
  return 0;
}

/** The stdio router alone (the CLI's default). */
export function serveStdio(router: Router, log: Logger): Promise<number> {
  return serve(router, log, { stdio: true });
}
