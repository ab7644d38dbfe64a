/**
 * The long-running router: stdio facade on the process's own stdin/stdout, shutdown on
 * stdin end, SIGINT or SIGTERM (upstreams are closed as the spec says; no orphans).
 */
import type { Logger, Router } from '../index.js';
import { StdioServerTransport } from '../transports/stdio.js';

export async function serveStdio(router: Router, log: Logger): Promise<number> {
  const started = router.start();
  const session = router.connect(new StdioServerTransport());
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
      stopping = router.close();
    }
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop(signal).then(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await session.closed;
  await stop('stdin closed');
  return 0;
}
