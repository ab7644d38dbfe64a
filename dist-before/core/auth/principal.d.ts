/**
 * Who is calling: established by a facade's protection (transports/http/
 * protection.ts) from a static bearer token or a validated JWT, carried by the session's
 * transport, and read by the access policy. Never holds the token itself.
 */
export interface Principal {
    /**
     * Stable key: `token:<name>`, `token:<digest>`, `jwt:<issuer>#<subject>`, or for a JWT
     * without `sub`, `jwt-client:<issuer>#<client id>`; sessions are bound to it.
     */
    readonly id: string;
    /** The static token's name (`mcpMux.auth.tokens`), when that is how it authenticated. */
    readonly tokenName?: string;
    /** The JWT's `sub`. */
    readonly subject?: string;
    /** The JWT's `client_id` (or `azp`). */
    readonly clientId?: string;
    /** Granted scopes (`scope` / `scp` claims); empty for static tokens. */
    readonly scopes: readonly string[];
}
/**
 * Whether two principals hold the same rights: the same id, client id and set of scopes
 * (in any order): everything the access policy reads. A session is used only with tokens of
 * the rights of the one that opened it (transports/http/README.md, "Sessions belong to their
 * principal").
 */
export declare function sameRights(a: Principal | undefined, b: Principal | undefined): boolean;
