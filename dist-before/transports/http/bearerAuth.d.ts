import type { IncomingMessage } from 'node:http';
import type { Principal } from '../../core/auth/index.js';
import type { JwtConfig } from '../../core/config/index.js';
export interface BearerAuthOptions {
    /** Unnamed static tokens (the principal is a digest of the token). */
    bearerTokens?: readonly string[];
    /** Named static tokens: the principal is `token:<name>`. */
    namedTokens?: Readonly<Record<string, string>>;
    jwt?: JwtConfig;
    /**
     * The facade's resource identifier (its public MCP URL): the `resource` of the metadata and
     * the default audience. Default: the listener's URL under the accepted `Host` names.
     */
    resource?: string;
    authorizationServers?: readonly string[];
    scopesSupported?: readonly string[];
    requiredScopes?: readonly string[];
}
export interface Rejection {
    status: number;
    message: string;
    headers: Record<string, string>;
}
export type Authentication = {
    principal: Principal | undefined;
} | {
    rejection: Rejection;
};
export declare const METADATA_PATH = "/.well-known/oauth-protected-resource";
/**
 * Why these options cannot serve JWTs, or undefined: JWT mode needs the facade's public URL
 * (`resource`) unless the listener checks `Host` (`hostChecked`), since the audience and the
 * metadata's `resource` must not follow a header any client or proxy can set.
 */
export declare function resourceProblem(options: BearerAuthOptions, hostChecked: boolean): string | undefined;
export declare class BearerAuth {
    #private;
    /**
     * `hosts`: the `Host` values the listener accepts (Protection's DNS-rebinding check), bound
     * address first; absent when `Host` is not checked.
     * @throws Error when `resourceProblem` names one
     */
    constructor(options: BearerAuthOptions, path: string, hosts?: readonly string[]);
    /** Whether requests need a credential at all. */
    get enabled(): boolean;
    /** An OAuth-protected listener (JWTs): it publishes protected resource metadata. */
    get oauth(): boolean;
    /**
     * The resource `req` addressed: the configured one, else the listener's URL under the
     * request's `Host` when the listener accepts that name, else under its bound address.
     */
    resourceOf(req: IncomingMessage): string;
    metadataUrlOf(req: IncomingMessage): string;
    /** The protected resource metadata (RFC 9728) for the resource `req` addressed. */
    metadata(req: IncomingMessage): Record<string, unknown>;
    authenticate(req: IncomingMessage): Promise<Authentication>;
}
