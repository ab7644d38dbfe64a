/**
 * Calls without an MCP client (`Router.callTool`, `Router.request$`, `Router.tools()`…).
 *
 * Decision: a library call takes the SAME routed path as a client's. Each principal (its
 * rights: id, client id, token name, scopes) gets one in-process session: a linked pair of
 * transports (`RouterOptions.linkedPair`, the memory pair), one end connected to the router
 * with that principal like any client (`Router.connect`: a `DownstreamSession`, access rules,
 * admission, observers, events, the in-flight index), the other end held by an mcp-mux
 * `Connection` that initializes it (legacy, no client capabilities: sampling, elicitation and
 * roots requests of upstreams are not routed to it). So cancellation is unsubscription
 * end to end (`notifications/cancelled` to the router, then upstream), progress is the
 * connection's, and nothing routes differently for an embedder. At most `MAX_SESSIONS` are
 * kept; past it the least recently used one with nothing in flight is closed.
 */
import { type Observable } from 'rxjs';
import type { AccessPolicy, Principal } from '../../core/auth/index.js';
import type { Catalog } from '../../core/catalog/index.js';
import { type CallToolResult, type ClientInfo, type Progress, type Prompt, type Resource, type Tool } from '../../core/mcp/index.js';
import { type JsonObject, type RequestEvent, type Transport } from '../../core/rpc/index.js';
/** Who calls and how long it may take: `callTool` and `request$` take these. */
export interface LibraryCallOptions {
    /** Who is calling: the access rules, limits and audit see it as a bearer token's. */
    readonly principal?: Principal;
    /** Aborting cancels the call (upstream too); it then fails with `LocalError('cancelled')`. */
    readonly signal?: AbortSignal;
    /** Idle limit, re-armed by each progress (`LocalError('timeout')`); upstream limits apply too. */
    readonly timeoutMs?: number;
}
export interface CallToolOptions extends LibraryCallOptions {
    /** Called with each progress notification of the call (progress is asked only with it). */
    readonly onProgress?: (progress: Progress) => void;
}
export interface LibraryRequestOptions extends LibraryCallOptions {
    /** Ask for progress (default true): each arrives as a `{ kind: 'progress' }` value. */
    readonly progress?: boolean;
}
export interface LibraryHost {
    readonly linkedPair: (() => readonly [Transport, Transport]) | undefined;
    /** Attaches the router's end as a session of `principal` (`Router.connect`). */
    connect(transport: Transport, principal: Principal | undefined): unknown;
    readonly clientInfo: ClientInfo;
}
/** Library sessions kept at once (one per principal's rights). */
export declare const MAX_SESSIONS = 64;
export declare class LibrarySessions {
    #private;
    constructor(host: LibraryHost);
    /** Sessions open now (a leak test expects them bounded). */
    get size(): number;
    /** One routed request as a client's: progress values, the result; unsubscribing cancels it. */
    request$(method: string, params: JsonObject, options?: LibraryRequestOptions): Observable<RequestEvent>;
    /** `tools/call` of an exposed tool name; resolves with its result (a tool error is `isError`). */
    callTool(name: string, args?: Record<string, unknown>, options?: CallToolOptions): Promise<CallToolResult>;
    /** Closes every library session (router shutdown). */
    close(): void;
}
/** The typed item of each list `Router.tools()`, `prompts()` and `resources()` return. */
export interface CatalogItems {
    tools: Tool;
    prompts: Prompt;
    resources: Resource;
}
/**
 * A catalog list as `principal` sees it (the access rules filter it as `tools/list` does),
 * without pagination: exposed names and URIs, typed as the spec's shapes.
 */
export declare function catalogItems<K extends keyof CatalogItems>(parts: {
    readonly catalog: Catalog;
    readonly audience: {
        readonly policy: AccessPolicy | undefined;
    };
}, kind: K, principal: Principal | undefined): CatalogItems[K][];
