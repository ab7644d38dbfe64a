/**
 * The soak's system under test: a config file in a temporary directory, the built CLI serving
 * Streamable HTTP to two principals, and a second CLI on stdio (its own upstreams, no auth)
 * for the stdio client. Upstreams are the SDK fixtures of test/fixtures, compiled to dist:
 * `a` and `b` (surfaceServer: progress, logs, subscribable resources) and `ask`
 * (askingServer: elicitation, so a modern client gets bridged `input_required` rounds). The
 * reload toggles a fourth upstream `c`. Alice may use every upstream, Bob only `b`.
 */
import { type ChildProcess } from 'node:child_process';
export declare const ALICE_TOKEN = "soak-alice-token-0123456789";
export declare const BOB_TOKEN = "soak-bob-token-0123456789";
/** Upstreams Bob must never hear from. */
export declare const DENIED_TO_BOB: string[];
/** Per-request upstream deadline; the soak's "lost" deadline lies well beyond it. */
export declare const UPSTREAM_TIMEOUT_MS = 10000;
/** The main router's config; `withC` adds the upstream the reloads toggle. */
export declare function routerConfig(withC: boolean): unknown;
export interface Workspace {
    dir: string;
    configFile: string;
    stdioConfigFile: string;
    /** Rewrites the router's config atomically (rename), as an editor would. */
    writeRouterConfig: (withC: boolean) => void;
    remove: () => void;
}
export declare function createWorkspace(): Workspace;
export interface Router {
    child: ChildProcess;
    pid: number;
    url: string;
    /** Everything the router wrote on stderr since it started (bounded to the last 1 MiB). */
    log: () => string;
    /** How many times the router logged a reload it applied (or rejected). */
    reloads: () => {
        applied: number;
        rejected: number;
    };
    stop: () => Promise<void>;
}
/** Starts the CLI with `--http 127.0.0.1:0`; resolves once it logs its URL. */
export declare function startRouter(configFile: string): Promise<Router>;
