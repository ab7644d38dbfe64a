/**
 * What changes about a request when its upstream is modern (2026-07-28), for `Upstream`:
 * the request going out (the caller's context in `_meta`, the request-metadata headers) and
 * the tools list (`x-mcp-header` annotations recorded, invalid ones left out over Streamable
 * HTTP). Results pass as they come: `input_required` goes to a modern caller untouched, and
 * for a legacy session the bridge turns it into requests (actors/bridge/inputRounds.ts); the
 * upstream's serverInfo leaves every era's results in upstreamCall.ts. Decisions:
 * actors/upstream/README.md, "Upstream era".
 */
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/index.js';
import type { JsonObject, RequestOptions } from '../../core/rpc/index.js';
export interface ModernCallsOptions {
    /** The upstream's name (messages). */
    name: string;
    /** mcp-mux's own client info (requests of no caller, callers without one). */
    clientInfo: ClientInfo;
    /** What mcp-mux declares for legacy callers and its own requests. */
    capabilities: JsonObject;
    /** Streamable HTTP: tools with invalid `x-mcp-header` annotations are left out. */
    http: boolean;
    log: Logger;
}
export declare class ModernCalls {
    #private;
    constructor(options: ModernCallsOptions);
    /**
     * A request as the upstream (speaking `version`) gets it: the caller's context in `_meta`
     * (the caller's own capabilities, modern or legacy, so an `input_required` result asks only
     * for what the caller, or the bridge on behalf of a legacy session, can answer; mcp-mux's
     * own, `{}`, for its own requests) and the request-metadata headers (`Mcp-Param-*` from the
     * tool's annotations).
     */
    request(version: string, method: string, params: JsonObject, options: RequestOptions & {
        context?: RequestContext | undefined;
    }): [JsonObject, RequestOptions];
    /**
     * Records each tool's `x-mcp-header` annotations; over Streamable HTTP a tool whose
     * annotations break the rules is left out, with a warning (streamable-http "Schema
     * Extension": the client MUST exclude it).
     */
    tools(tools: JsonObject[]): JsonObject[];
}
