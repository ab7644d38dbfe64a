/**
 * The principal of a verified JWT access token. Its `id` binds sessions, limits and
 * `requestState`, so two tokens share an id only when they name the same party:
 *
 * - with `sub`: `jwt:<iss>#<sub>` (the subject the authorization server vouches for);
 * - without `sub` (a `client_credentials` token, where the client is the party): the client
 *   id from `client_id` (RFC 9068), else `azp`, as `jwt-client:<iss>#<client id>`. Its own
 *   prefix keeps it apart from a subject that happens to spell the same text;
 * - neither: undefined, and the token is refused. Such tokens would otherwise all be one
 *   principal (`jwt:<iss>#`) and use each other's sessions.
 *
 * `iss` is the configured issuer (jose checked it), so it cannot carry a forged `#`.
 */
import type { Principal } from '../../core/auth/index.js';
export interface VerifiedClaims {
    readonly iss?: string;
    readonly sub?: string;
    readonly [claim: string]: unknown;
}
export declare function principalOfClaims(claims: VerifiedClaims): Principal | undefined;
/** Granted scopes: the space-separated `scope` claim (RFC 9068), else an `scp` array. */
export declare function scopesOf(claims: VerifiedClaims): string[];
