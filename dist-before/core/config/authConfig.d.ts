import { type Issues } from './configSchema.js';
/** `jwt_bearer`: RFC 7523 with a workload identity token as the assertion (no person, no secret). */
export type OAuthGrant = 'authorization_code' | 'client_credentials' | 'jwt_bearer';
export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
/** `mcpServers.<name>.auth`. */
export interface UpstreamAuthConfig {
    grant: OAuthGrant;
    clientId?: string;
    clientSecret?: string;
    /** Request DPoP-bound tokens (RFC 9449) and send a proof with each request. */
    dpop?: boolean;
    /**
     * `jwt_bearer` with enterprise-managed authorization: the assertion is an ID-JAG obtained
     * from this identity provider by token exchange (RFC 8693) of the user's ID token.
     */
    idp?: IdpConfig;
    /** `jwt_bearer`: the assertion itself (`${env:NAME}`), or a file read at each grant. */
    assertion?: string;
    assertionFile?: string;
    /** PKCS#8 PEM: authenticate with a signed assertion (`private_key_jwt`) instead of a secret. */
    privateKey?: string;
    /** Its JWS algorithm (default ES256). */
    privateKeyAlgorithm?: string;
    clientMetadataUrl?: string;
    tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
    /** Space-separated. */
    scope?: string;
    clientName?: string;
    redirectUri?: string;
    /** Absolute; absent: the default file (transports/http/oauth/tokenStore.ts). */
    tokenFile?: string;
    /**
     * Pinned issuers (`issuer` is the one-entry shorthand, merged in first): only these
     * authorization servers are used, and only they see a configured secret, key or assertion.
     * Absent: configured credentials go only to an authorization server on the upstream's origin.
     */
    authorizationServers?: string[];
    /** Origins (`https://host[:port]`) besides the upstream's own where `resource_metadata` may be. */
    metadataOrigins?: string[];
}
export interface IdpConfig {
    tokenEndpoint: string;
    clientId?: string;
    clientSecret?: string;
    /** The user's ID token from this IdP (`${env:NAME}`), or a file holding it. */
    idToken?: string;
    idTokenFile?: string;
}
/** `mcpMux.auth.jwt`: access tokens signed by one authorization server. */
export interface JwtConfig {
    issuer: string;
    /** Accepted `aud` values; default: the facade's resource URL. */
    audience?: string[];
    /** Where the issuer's keys are (cached, refetched on an unknown `kid`). */
    jwksUrl?: string;
    /** A static public key instead: PEM (SPKI) or a JWK as JSON text. */
    publicKey?: string;
    algorithms?: string[];
}
/** `mcpMux.auth`. */
export interface FacadeAuthConfig {
    /** Named static bearer tokens: the principal is `token:<name>`. */
    tokens: Record<string, string>;
    jwt?: JwtConfig;
    /** The facade's resource identifier (its public MCP URL), for metadata and audience. */
    resource?: string;
    /** Published in the protected resource metadata (default: the JWT issuer). */
    authorizationServers?: string[];
    scopesSupported?: string[];
    /** Scopes every request needs (403 insufficient_scope otherwise). */
    requiredScopes?: string[];
}
/** One `mcpMux.access` rule: principals matching `principals` may use `upstreams` / `tools`. */
export interface AccessRule {
    /** `token:<name>`, `sub:<subject>`, `scope:<scope>`, `client:<client_id>`, or `*`. */
    principals: string[];
    /** Server names (globs); default all. */
    upstreams?: string[];
    /** Exposed tool names (globs, after prefixing); default all of the allowed upstreams. */
    tools?: string[];
}
export declare const PRINCIPAL: RegExp;
type Env = Record<string, string | undefined>;
export declare function parseUpstreamAuth(value: unknown, path: string, context: {
    env: Env;
    baseDir?: string;
    lenient: boolean;
}, issues: Issues): UpstreamAuthConfig | undefined;
export declare function parseFacadeAuth(value: unknown, env: Env, issues: Issues): FacadeAuthConfig | undefined;
/**
 * A rule's `principals` (patterns of `access` and `rateLimits`): a list of `*`, `token:…`,
 * `sub:…`, `scope:…`, `client:…`; a bad pattern is an issue naming it.
 */
export declare function rulePrincipals(value: unknown, at: string, issues: Issues): string[] | undefined;
/** `rule` with the `upstreams` and `tools` globs of `raw`, when given (absent: all). */
export declare function withRuleScope<R extends {
    upstreams?: string[];
    tools?: string[];
}>(rule: R, raw: Record<string, unknown>, at: string, issues: Issues): R;
export declare function parseAccess(value: unknown, issues: Issues): AccessRule[] | undefined;
export {};
