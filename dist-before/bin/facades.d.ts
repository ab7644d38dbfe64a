/**
 * The network facades of the CLI: listeners given as `--http`, `--http-json` and `--ws`
 * `HOST:PORT` flags, each accepted client session attached to the router. Decisions:
 * bin/README.md.
 */
import type { FacadeAuthConfig } from '../core/config/index.js';
import type { TrafficCounter } from '../core/observe/index.js';
import type { Logger, Router } from '../index.js';
import type { ObserveEndpoints } from '../transports/http/index.js';
/**
 * `http`: a POST's answer as one JSON body, or an SSE stream once progress, a server request or
 * 100 ms come first (transports/http/README.md); `http-json`: always one JSON body; `ws`: WebSocket.
 */
export type ListenKind = 'http' | 'http-json' | 'ws';
export interface ListenSpec {
    kind: ListenKind;
    host: string;
    port: number;
}
/** Protection shared by every listener (transports/http/README.md, "Protection"). */
export interface FacadeOptions {
    /** Accepted bearer tokens; empty: no authentication. */
    bearerTokens: readonly string[];
    /** `mcpMux.auth`: named tokens, JWT validation, protected resource metadata. */
    auth?: FacadeAuthConfig;
    allowedHosts: readonly string[];
    allowedOrigins: readonly string[];
    /** Host/Origin validation (off only behind a proxy that does it). */
    dnsRebindingProtection: boolean;
    /** Whose `X-Forwarded-For` is believed (`--trust-proxy`, `mcpMux.trustProxy`). */
    trustProxy?: boolean | readonly string[];
    maxBodyBytes?: number;
    /** Open TCP connections per listener; more get 503 (transports/base/connectionLimit.ts). */
    maxConnections?: number;
    /** Deepest nesting accepted in a message (`mcpMux.maxJsonDepth`). */
    maxJsonDepth?: number;
    /** Sessions per principal on every listener (`mcpMux.maxSessionsPerPrincipal`). */
    maxSessionsPerPrincipal?: number;
    /** `/metrics`, `/healthz`, `/readyz` on every HTTP listener (bin/observe.ts). */
    observe?: ObserveEndpoints;
    /** Byte counters per facade kind (the metrics' bytes in/out). */
    traffic?: (kind: string) => TrafficCounter;
    log: Logger;
}
export interface Facades {
    /** What each listener serves, e.g. `{ kind: 'http', url: 'http://127.0.0.1:43117/mcp' }`. */
    readonly endpoints: {
        kind: string;
        url: string;
    }[];
    /** Stops listening and closes every session the listeners accepted. */
    close(): Promise<void>;
}
/** A command-line mistake: the CLI prints it with the usage and exits 2. */
export declare class UsageError extends Error {
    readonly name = "UsageError";
}
export declare const DEFAULT_HOST = "127.0.0.1";
/**
 * `HOST:PORT`, `:PORT` or `PORT` (host 127.0.0.1), `[v6]:PORT`. Port 0 picks a free port.
 * @throws UsageError
 */
export declare function parseListen<K extends string = ListenKind>(kind: K, value: string): {
    kind: K;
    host: string;
    port: number;
};
/**
 * Bearer tokens from the environment variable `name`: comma-separated, blanks ignored.
 * `required` (the variable was named explicitly): unset or empty is an error, so a typo
 * never leaves a listener open without authentication.
 * @throws UsageError
 */
export declare function readTokens(env: Record<string, string | undefined>, name: string, required: boolean): string[];
/** Opens every listener (all or none: a failure closes the ones already open). */
export declare function startFacades(router: Router, specs: readonly ListenSpec[], options: FacadeOptions): Promise<Facades>;
