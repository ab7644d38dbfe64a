/**
 * The request context (ARCHITECTURE.md §3): what the router knows about who is asking.
 * A legacy session fills it from `initialize`; a modern request brings it along in `_meta`.
 */
import type { JsonObject } from '../rpc/index.js';
import type { LoggingLevel } from './logLevel.js';
export interface ClientInfo {
    name: string;
    version: string;
    [key: string]: unknown;
}
export interface RequestContext {
    protocolVersion: string;
    clientCapabilities: JsonObject;
    clientInfo: ClientInfo | undefined;
    /** The downstream session id (log lines, routing of server-initiated requests). */
    sessionId: string;
    /**
     * Who is asking, as the transport authenticated it (HTTP: a digest of the bearer token);
     * unset when nobody is authenticated. A `requestState` is bound to it.
     */
    principal?: string;
    /** Set by `logging/setLevel`; unset means the default (core/logLevel.ts). */
    logLevel?: LoggingLevel;
}
