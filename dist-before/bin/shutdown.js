/**
 * Graceful shutdown (SIGINT, SIGTERM, or the stdio client closing our stdin):
 *
 *   1. stop accepting: new sessions are closed at once, new requests get -32011;
 *   2. let the requests in flight finish, up to `mcpMux.shutdownTimeoutMs` (default 10 s);
 *   3. cancel what is left: the client gets -32012 ("mcp-mux is shutting down"), the upstream
 *      `notifications/cancelled`;
 *   4. close the network listeners and every session, then every upstream as the spec says
 *      (stdio: close its stdin, SIGTERM, SIGKILL of its process group: transports/README.md);
 *   5. exit.
 *
 * A second signal skips the rest of the wait (step 3 at once); a third exits at once. Should
 * closing hang, the process exits anyway `CLOSE_GRACE_MS` after the deadline. Whatever way the
 * process exits (exit(), an uncaught exception), `process.on('exit')` SIGKILLs the process
 * groups of stdio upstreams still alive (transports/processGroup.ts). Only SIGKILL of mcp-mux
 * itself skips every hook: then each stdio upstream sees its stdin reach EOF, which the MCP
 * spec tells servers to treat as the end (a server that ignores it is left running).
 */
import { SUPERVISION_DEFAULTS } from '../core/config/index.js';
/** Bound on closing everything (stdio teardown is at most 10 s with the defaults). */
export const CLOSE_GRACE_MS = 15_000;
const POLL_MS = 25;
/** Runs steps 1–4 (see the file comment); resolves when everything is closed. */
export async function shutdown(router, options) {
    const { log } = options;
    const timeoutMs = options.timeoutMs ?? router.config.shutdownTimeoutMs ?? SUPERVISION_DEFAULTS.shutdownTimeoutMs;
    router.stopAccepting();
    if (router.inFlight > 0) {
        log.info(`shutting down: waiting up to ${timeoutMs}ms for ${router.inFlight} request(s) in flight`);
        if (!(await idle(router, timeoutMs, options.hurry))) {
            log.warn(`shutting down: cancelling ${router.inFlight} request(s) still in flight`);
            router.cancelInFlight('mcp-mux is shutting down');
        }
    }
    await options.closeFacades?.();
    await router.close();
    log.info('shut down');
}
/** Resolves true once nothing is in flight, false at the deadline or when hurried. */
function idle(router, timeoutMs, hurry) {
    return new Promise((resolve) => {
        const deadline = Date.now() + timeoutMs;
        let done = false;
        const finish = (value) => {
            if (done)
                return;
            done = true;
            clearInterval(timer);
            resolve(value);
        };
        const timer = setInterval(() => {
            if (router.inFlight === 0)
                finish(true);
            else if (Date.now() >= deadline)
                finish(false);
        }, POLL_MS);
        void hurry?.then(() => finish(false));
    });
}
/**
 * Installs SIGINT/SIGTERM handlers: the first starts `onSignal`, the second resolves `hurry`,
 * the third calls `exit(130)` at once.
 */
export function handleTerminationSignals(log, exit) {
    let count = 0;
    let resolveSignalled = () => { };
    let resolveHurry = () => { };
    const signalled = new Promise((resolve) => {
        resolveSignalled = resolve;
    });
    const hurry = new Promise((resolve) => {
        resolveHurry = resolve;
    });
    const onSignal = (signal) => {
        count++;
        if (count === 1)
            resolveSignalled(signal);
        else if (count === 2) {
            log.warn(`${signal} again: cancelling the requests in flight now`);
            resolveHurry();
        }
        else {
            log.warn(`${signal} a third time: exiting now`);
            exit(130);
        }
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    return {
        signalled,
        hurry,
        dispose: () => {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
        },
    };
}
//# sourceMappingURL=shutdown.js.map