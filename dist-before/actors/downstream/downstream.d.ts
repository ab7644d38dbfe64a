import type { Principal } from '../../core/auth/index.js';
import type { LoggingLevel, RequestContext } from '../../core/mcp/index.js';
import type { JsonObject, Transport } from '../../core/rpc/index.js';
import { Connection } from '../../core/rpc/index.js';
import type { ClientSession, SessionHost } from './host.js';
export declare class DownstreamSession implements ClientSession {
    #private;
    readonly id: string;
    readonly connection: Connection;
    readonly closed: Promise<void>;
    /** The profile the client is in (`mcpMux.profiles`): the router serves it only that part. */
    readonly profile: string | undefined;
    /**
     * `principal`: who the client is, when the embedder says so (over the transport's own);
     * `profile`: the profile it is in (over the transport's own, its URL path's).
     */
    constructor(host: SessionHost, transport: Transport, id: string, principal?: Principal, profile?: string);
    /** The machine's state, for logs and tests; decisions use the machine's guards. */
    get state(): string;
    /** Who the client is (given to `connect`, or its transport's principal), for the access policy. */
    get identity(): Principal | undefined;
    /** The request context, owned by the machine (filled from `initialize`). */
    get context(): RequestContext;
    get isClosed(): boolean;
    /** `logging/setLevel`: the least severe level this session receives (router/logLevels.ts). */
    setLogLevel(level: LoggingLevel): void;
    /** Sends a notification if the client may receive one (after `initialize`, before closing). */
    notifyIfReady(method: string, params?: JsonObject): void;
    /** Closes the session (its connection); resolves once closed. */
    close(): Promise<void>;
}
