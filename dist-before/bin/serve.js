/**
 * The long-running router: the stdio facade on the process's own stdin/stdout and/or the
 * network facades, until stdin ends (when stdio is served), SIGINT or SIGTERM. Shutdown is
 * graceful (bin/shutdown.ts: in-flight requests get `mcpMux.shutdownTimeoutMs` to finish, then
 * are cancelled; upstreams are closed as the spec says; no orphans). The config file is
 * watched, and SIGHUP re-reads it (bin/watchConfig.ts, actors/reload.ts).
 */
import { firstValueFrom } from 'rxjs';
import { SUPERVISION_DEFAULTS } from '../core/config/index.js';
import { ROUTED_RAW_MIN_CHARS } from '../core/rpc/index.js';
import { processStdout, StdioServerTransport } from '../transports/index.js';
import { CLOSE_GRACE_MS, handleTerminationSignals, shutdown } from './shutdown.js';
import { watchConfig } from './watchConfig.js';
/** How long a stdio router whose stdin closed during start-up waits to report readiness. */
const STARTUP_REPORT_MS = 5_000;
export async function serve(router, log, options) {
    const started = router.start();
    // A client that stops reading is disconnected past this bound (transports/README.md).
    const maxBufferedBytes = router.config.maxSessionBufferBytes;
    const stdioTransport = options.stdio
        ? new StdioServerTransport({
            log,
            rawMinChars: ROUTED_RAW_MIN_CHARS,
            ...(maxBufferedBytes === undefined ? {} : { maxBufferedBytes }),
        })
        : undefined;
    // Messages nested deeper are answered at once (transports/base/depthCheck.ts).
    if (stdioTransport && router.config.maxJsonDepth !== undefined) {
        stdioTransport.maxJsonDepth = router.config.maxJsonDepth;
    }
    const session = stdioTransport
        ? router.connect(stdioTransport, { transport: 'stdio', profile: options.profile })
        : undefined;
    if (stdioTransport && options.stdioTraffic) {
        // The transport writes through its own socket on fd 1 when stdout is a pipe.
        const stdin = process.stdin;
        const stdout = processStdout();
        options.stdioTraffic.add({
            get bytesRead() {
                return stdin.bytesRead ?? 0;
            },
            get bytesWritten() {
                return stdout.bytesWritten ?? 0;
            },
            once: () => undefined,
        });
    }
    void started.then(() => {
        const statuses = router.status();
        const ready = statuses.filter((s) => s.state === 'ready');
        log.info(`ready: ${ready.length}/${statuses.length} upstreams — ${router.catalog.list('tools').length} tools, ${router.catalog.list('prompts').length} prompts, ${router.catalog.list('resources').length} resources, ${router.catalog.list('resourceTemplates').length} resource templates exposed`);
    });
    const watcher = options.configPath
        ? watchConfig(options.configPath, { log, apply: (config) => router.reload(config) })
        : undefined;
    const signals = handleTerminationSignals(log, (code) => process.exit(code));
    const facades = options.facades;
    let stopping;
    const stop = (why) => {
        if (!stopping) {
            log.info(`shutting down (${why})`);
            watcher?.close();
            stopping = shutdown(router, {
                log,
                hurry: signals.hurry,
                ...(facades ? { closeFacades: () => facades.close() } : {}),
            });
        }
        return stopping;
    };
    void signals.signalled.then((signal) => {
        const deadline = (router.config.shutdownTimeoutMs ?? SUPERVISION_DEFAULTS.shutdownTimeoutMs) + CLOSE_GRACE_MS;
        setTimeout(() => {
            log.error(`shutdown did not finish within ${deadline}ms: exiting`);
            process.exit(1);
        }, deadline).unref();
        void stop(signal).then(() => process.exit(0));
    });
    if (session) {
        const reason = await firstValueFrom(session.connection.closed$);
        if (!router.isSettled && reason.kind === 'remote') {
            // stdin was empty or closed at once (`npm start < /dev/null`, a CI log): let start-up
            // finish (briefly) so the log still tells which upstreams were ready.
            await Promise.race([
                started,
                new Promise((resolve) => setTimeout(resolve, STARTUP_REPORT_MS)),
            ]);
        }
        await stop(reason.kind === 'slow-reader' ? 'the client stopped reading' : 'stdin closed');
        signals.dispose();
        // A client that stopped reading (slow-reader) may leave a write pending on stdout that
        // nobody will ever read: exit once the log lines are out.
        if (reason.kind === 'slow-reader') {
            await new Promise((resolve) => process.stderr.write('', () => resolve()));
            process.exit(0);
        }
        return 0;
    }
    // Network only: the listeners keep the process alive until a signal stops it.
    await new Promise(() => { });
    return 0;
}
//# sourceMappingURL=serve.js.map