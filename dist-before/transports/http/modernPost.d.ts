/**
 * The modern (2026-07-28) side of the Streamable HTTP endpoint: which requests take it, the
 * header checks, and the one-shot exchange that carries the answer. The rules themselves are
 * MCP knowledge and come as hooks (defaults in core/mcp/modernHttp.ts).
 *
 * Chosen per message, as a dual-era server does (basic/versioning): a POST without
 * `Mcp-Session-Id` whose body claims the modern era (or whose `MCP-Protocol-Version` is not a
 * legacy version) is modern; `initialize` and session traffic stay legacy on the same path.
 * GET and DELETE without a session id that announce a modern version get 405 (no standalone
 * stream, no sessions in this revision).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../core/log/index.js';
import { type HeaderLookup, type HttpRejection } from '../../core/mcp/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import { ModernExchange } from './modernExchange.js';
export interface ModernHttpHooks {
    isModernPost?: (message: unknown, header: HeaderLookup) => boolean;
    checkModernHeaders?: (message: JsonObject, header: HeaderLookup) => HttpRejection | undefined;
    modernErrorStatus?: (code: number) => number;
    /**
     * Whether a modern request keeps its response open until the client ends it (a listen): such
     * an exchange counts among its principal's sessions (`maxSessionsPerPrincipal`).
     */
    holdsResponseOpen?: (message: JsonObject) => boolean;
}
export declare const headerLookup: (req: IncomingMessage) => HeaderLookup;
export declare const modernPostHook: (hooks: ModernHttpHooks) => (message: unknown, header: HeaderLookup) => boolean;
/** Sends a rejection as a JSON-RPC error with the request's id (clients can correlate it). */
export declare function sendRejection(res: ServerResponse, id: unknown, rejection: HttpRejection): void;
/**
 * Serves one modern POST: checks its headers, then returns the exchange transport that
 * carries it (undefined when the POST was rejected and answered here).
 */
export declare function modernExchange(req: IncomingMessage, res: ServerResponse, message: JsonObject, hooks: ModernHttpHooks & {
    maxBufferedBytes: number;
    log: Logger;
    onEnd: () => void;
}): ModernExchange | undefined;
