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
import type { Logger, Router } from '../index.js';
export interface ShutdownOptions {
    log: Logger;
    /** How long requests in flight may take to finish (default: config, then 10 s). */
    timeoutMs?: number;
    /** Closes the network facades: their listeners and sessions. */
    closeFacades?: () => Promise<void>;
    /** Resolves to end the wait early (a second signal). */
    hurry?: Promise<unknown>;
}
/** Bound on closing everything (stdio teardown is at most 10 s with the defaults). */
export declare const CLOSE_GRACE_MS = 15000;
/** Runs steps 1–4 (see the file comment); resolves when everything is closed. */
export declare function shutdown(router: Router, options: ShutdownOptions): Promise<void>;
export interface SignalHandling {
    /** Resolves when a first signal has started the shutdown (with the signal's name). */
    readonly signalled: Promise<string>;
    /** Resolves on the second signal. */
    readonly hurry: Promise<void>;
    /** Removes the handlers. */
    dispose(): void;
}
/**
 * Installs SIGINT/SIGTERM handlers: the first starts `onSignal`, the second resolves `hurry`,
 * the third calls `exit(130)` at once.
 */
export declare function handleTerminationSignals(log: Logger, exit: (code: number) => void): SignalHandling;
