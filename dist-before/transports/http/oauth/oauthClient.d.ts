/**
 * The OAuth 2.1 client of one HTTP upstream (spec "Authorization", 2025-06-18 / 2025-11-25),
 * built on oauth4webapi for the protocol pieces:
 *
 * - discovery (discovery.ts) on the first 401, from its `WWW-Authenticate`;
 * - client identity in the spec's order: a configured (pre-registered) client, the client ID
 *   metadata document URL when the server supports it, dynamic client registration;
 * - the authorization code grant with PKCE (S256, refused when the server does not list it),
 *   `state`, the RFC 9207 `iss` check, and the `resource` parameter (RFC 8707) on every
 *   authorization and token request; or the client credentials grant (machine to machine);
 * - refresh before expiry and on `invalid_token`; scope step-up on 403 `insufficient_scope`
 *   with the union of the granted and the challenged scopes.
 *
 * The interactive step (a browser) is `authorize`: `mcp-mux login` passes one that prints the
 * URL and waits on a loopback redirect. A running router has none and fails with an error
 * naming the login command. Tokens live in the token store and never reach a log or error.
 */
import { type Logger } from '../../../core/log/index.js';
import { type ClientIdentityOptions } from './clientIdentity.js';
import type { AuthChallenge, HttpAuth } from './httpAuth.js';
import { type IdpConfig } from './idp.js';
import type { TokenStore } from './tokenStore.js';
export type { TokenEndpointAuthMethod } from './clientIdentity.js';
export interface OAuthClientOptions extends ClientIdentityOptions {
    /** The server's name: the key of its credentials in the store. */
    server: string;
    /** The MCP endpoint. */
    url: URL;
    store: TokenStore;
    /** `jwt_bearer`: the assertion, or a file holding it (read at each grant: workload tokens rotate). */
    assertion?: string;
    assertionFile?: string;
    /** `jwt_bearer`, enterprise-managed: the assertion is an ID-JAG from this IdP (idp.ts). */
    idp?: IdpConfig;
    /** Space-separated scopes asked for when the challenge names none. */
    scope?: string;
    /**
     * Pinned issuers: only these authorization servers are used, and only they see a configured
     * secret, key or assertion. Empty or absent: any for registration, the upstream's own origin
     * for configured credentials (issuerPolicy.ts).
     */
    authorizationServers?: readonly string[];
    /** Origins besides the upstream's own where its `resource_metadata` may point. */
    metadataOrigins?: readonly string[];
    /**
     * Request DPoP-bound tokens (RFC 9449) and present them with a fresh proof per request. The
     * key is made per process: stored DPoP tokens do not outlive it (refresh or log in again).
     */
    dpop?: boolean;
    /** Default `http://127.0.0.1:33418/callback` (the `mcp-mux login` listener). */
    redirectUri?: string;
    /** The browser step: resolves with the redirect's query parameters. */
    authorize?: (url: URL) => Promise<URLSearchParams>;
    log?: Logger;
}
export declare const DEFAULT_REDIRECT_URI = "http://127.0.0.1:33418/callback";
/** Thrown when only a person can continue: the message says how. */
export declare class LoginRequiredError extends Error {
    readonly name = "LoginRequiredError";
}
export declare class OAuthClient implements HttpAuth {
    #private;
    constructor(options: OAuthClientOptions);
    headers(method: string, url: URL): Promise<Record<string, string>>;
    challenge(status: number, response: AuthChallenge): Promise<boolean>;
    /**
     * The whole flow without a 401 first (`mcp-mux login`): probes the server for its challenge,
     * then authorizes.
     */
    login(): Promise<void>;
    /** Forgets the stored credentials of this server. */
    logout(): Promise<void>;
}
