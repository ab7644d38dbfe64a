/**
 * `mcp-mux status --url http://HOST:PORT` (alias `top`): a live table of the upstreams of a
 * running mcp-mux, from its `/readyz` (states, tool counts, the oldest routed requests in
 * flight) and `/metrics` (in-flight, queued, upstream latency p50/p99, restarts), refreshed
 * every `--interval-ms` (default 1000), or printed once with `--once`. Latency quantiles are over the requests since the previous
 * refresh (since start on the first one). Bearer token: the first of `$MCP_MUX_TOKENS`.
 */
import { type Sample } from './promText.js';
export interface StatusOptions {
    url: string;
    once: boolean;
    intervalMs: number;
    token?: string;
    write: (text: string) => void;
    /** Stops the loop (tests, SIGINT). */
    signal?: AbortSignal;
}
interface ReadyUpstream {
    name: string;
    state: string;
    health?: string;
    tools?: number;
    error?: string;
}
/** One of the oldest routed requests in flight, as `/readyz` lists them. */
interface ReadyRequest {
    upstream: string;
    method: string;
    ageMs: number;
    state: string;
    queuePosition?: number;
}
/** The listener's base URL: `http://h:p/mcp` and `http://h:p/` both give `http://h:p`. */
export declare function baseUrl(url: string): string;
/** One table (the text `status` prints), from one scrape and the previous one. */
export declare function renderStatus(ready: {
    status: string;
    upstreams: ReadyUpstream[];
    requests?: ReadyRequest[];
}, samples: readonly Sample[], previous: readonly Sample[] | undefined): string;
export declare function status(options: StatusOptions): Promise<number>;
export {};
