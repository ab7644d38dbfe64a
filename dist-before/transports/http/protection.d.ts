/**
 * The checks every mcp-mux HTTP and WebSocket listener runs before it looks at a message:
 * DNS-rebinding protection (Host and Origin, on by default), authentication (static bearer
 * tokens and JWT access tokens: bearerAuth.ts), and a bounded, typed JSON body. A failed check
 * answers the request itself (403, 401, 413, 415, 400 with a JSON-RPC -32700 body) so callers
 * only branch on a boolean. The principal a request authenticated as is kept for it
 * (`principalOf`): the listeners put it on the session's transport (`Transport.principal`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../core/auth/index.js';
import { BearerAuth, type BearerAuthOptions, type Rejection } from './bearerAuth.js';
import type { TrustProxy } from './forwardedFor.js';
export type { Rejection } from './bearerAuth.js';
export interface ProtectionOptions extends BearerAuthOptions {
    /** Validate `Host` and `Origin` against DNS rebinding (default true). */
    dnsRebindingProtection?: boolean;
    /**
     * Extra accepted `Host` values (`name:port`). The bound address, `localhost`, `127.0.0.1` and
     * `[::1]`, each with the bound port, are always accepted.
     */
    allowedHosts?: readonly string[];
    /** Accepted `Origin` values besides the listener's own; `*` accepts any origin. */
    allowedOrigins?: readonly string[];
    /** The MCP endpoint's path (the default resource URL ends with it; default `/mcp`). */
    resourcePath?: string;
    /**
     * Whom `X-Forwarded-For` is believed from, for the per-address session pool of clients
     * without a token (forwardedFor.ts): `true` (every peer: the listener is reachable only
     * through a proxy), a list of proxy addresses, or `false` (default: the header is ignored).
     */
    trustProxy?: TrustProxy;
    /** Request body limit in bytes (default 4 MiB). */
    maxBodyBytes?: number;
    /** Deepest nesting accepted in a body (default `DEFAULT_MAX_JSON_DEPTH`, 128). */
    maxJsonDepth?: number;
    /**
     * Payloads of a body (or WebSocket frame) kept raw from this length (core/rpc/wire.ts
     * `decodeMessage`); the CLI's listeners pass `ROUTED_RAW_MIN_CHARS`. Default
     * `RAW_MIN_CHARS`.
     */
    rawMinChars?: number;
}
export declare const DEFAULT_MAX_BODY_BYTES: number;
/**
 * The 403 message for a session's own principal presenting a token of other rights than the
 * one that opened the session (transports/http/README.md, "Sessions belong to their principal").
 */
export declare const OTHER_RIGHTS = "Forbidden: this session was opened with a token of other rights (scopes or client id); initialize a new session with this token";
export type BodyResult = {
    ok: true;
    value: unknown;
} | {
    ok: false;
};
/** Writes a JSON-RPC error body (id null: the spec's "error response that has no id"). */
export declare function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>): void;
export declare class Protection {
    #private;
    readonly maxBodyBytes: number;
    readonly maxJsonDepth: number;
    readonly bearer: BearerAuth;
    constructor(options: ProtectionOptions, bound: {
        host: string;
        port: number;
    });
    /** Host and Origin checks (synchronous; `authenticate` follows). */
    check(req: IncomingMessage): Rejection | undefined;
    /** `check`, then the credential; remembers the principal of `req`. */
    authenticate(req: IncomingMessage): Promise<Rejection | undefined>;
    /**
     * Who sent `req` (after `authenticate` passed). Its `id` (`token:<name>`, `token:<digest>`
     * for an unnamed token, `jwt:<issuer>#<subject>`) is what a session is bound to: a session
     * belongs to the principal that created it. Without authentication there is no principal
     * (undefined) and sessions are not bound.
     */
    principalOf(req: IncomingMessage): Principal | undefined;
    /**
     * What per-principal limits count `req` under (principalLimit.ts): its principal's id, else
     * the client's address (`X-Forwarded-For` read only with `trustProxy`).
     */
    limitKey(req: IncomingMessage): string;
    /** Runs `authenticate`; on failure answers the request and resolves false. */
    admit(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
    /**
     * Reads a JSON body of at most `maxBodyBytes`. Answers 415 (not application/json), 413 (too
     * large) or 400 with -32700 (not JSON) itself and resolves `{ ok: false }`; a request that
     * breaks off also resolves `{ ok: false }`, with nothing written. A tool call's `arguments`
     * come as a validated `RawJson` from `rawMinChars` (`decodeMessage`), forwarded as text.
     */
    readJson(req: IncomingMessage, res: ServerResponse): Promise<BodyResult>;
}
