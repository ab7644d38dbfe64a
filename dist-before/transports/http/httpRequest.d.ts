/**
 * One HTTP request of the client transports on `node:http` / `node:https`, through a
 * keep-alive `Agent` the transport owns (global `fetch`, undici, cost ~1 ms of CPU per request
 * and capped an HTTP upstream at ~1k req/s; see bench/notes/2026-11-21-router-profile.md). Resolves with the response
 * once its headers arrived; the caller must consume the body (`readText`, `pumpSse`) or
 * `discard` it, or the socket never returns to the pool.
 */
import { Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
/** The request failed before any response (refused, reset, DNS, TLS): the server is unreachable. */
export declare class HttpConnectError extends Error {
    constructor(url: URL, cause: unknown);
}
export interface HttpRequestOptions {
    method: 'GET' | 'POST' | 'DELETE';
    headers: Record<string, string>;
    /** Sent with its `Content-Length` (no chunked encoding). */
    body?: string;
    /** Aborting destroys the request and its response stream. */
    signal?: AbortSignal;
}
export type HttpClientAgent = HttpAgent | HttpsAgent;
/** A keep-alive agent for `url`'s scheme, `maxSockets` connections per origin at most. */
export declare function createAgent(url: URL, maxSockets: number): HttpClientAgent;
export declare function sendRequest(url: URL, agent: HttpClientAgent, options: HttpRequestOptions): Promise<IncomingMessage>;
/** Reads and drops the rest of a body so the socket can be reused. */
export declare function discard(res: IncomingMessage): void;
export declare function isOk(res: IncomingMessage): boolean;
/** The media type of `Content-Type`, lower case, without parameters. */
export declare function mediaType(res: IncomingMessage): string | undefined;
/** A single-valued response header (the first value when repeated). */
export declare function header(res: IncomingMessage, name: string): string | undefined;
