/**
 * Finding the authorization server of an MCP server (spec "Authorization Server Discovery",
 * 2025-06-18 and 2025-11-25):
 *
 * 1. Protected resource metadata (RFC 9728): the `resource_metadata` URL of the 401's
 *    `WWW-Authenticate`, else `/.well-known/oauth-protected-resource` with the MCP path
 *    inserted, else at the root. Its `resource` must cover the server URL (a metadata document
 *    for another resource is refused, never used).
 * 2. Authorization server metadata: for an issuer with a path, RFC 8414 with path insertion,
 *    OpenID Connect discovery with path insertion, then with the path appended; without a
 *    path, RFC 8414 then OpenID. The `issuer` must equal the issuer the URL was built from,
 *    exactly (checked by oauth4webapi's `processDiscoveryResponse`).
 * 3. No protected resource metadata (a 2025-03-26 server): the authorization server is the
 *    server's origin; without metadata there, the default endpoints `/authorize`, `/token`,
 *    `/register` of that origin.
 *
 * What the upstream names is not followed blindly (issuerPolicy.ts, boundedFetch.ts): a
 * `resource_metadata` URL must be on the upstream's own origin or in `metadataOrigins`; with
 * pinned issuers only a pinned one is used (and, without protected resource metadata, the first
 * pin); an issuer with a query or fragment is refused (RFC 8414 §2). Every request goes
 * through `boundedFetch` (HTTPS, or HTTP to a loopback literal, on every hop; same-origin
 * redirects only; 1 MiB; 10 s).
 */
import * as oauth from 'oauth4webapi';
export interface ResourceMetadata {
    resource: string;
    authorization_servers?: string[];
    scopes_supported?: string[];
    [key: string]: unknown;
}
export interface Discovered {
    /** The protected resource metadata, absent for a server that publishes none. */
    resource?: ResourceMetadata;
    /** The `resource` parameter to send (RFC 8707): the metadata's resource, else the server URL. */
    resourceIndicator: string;
    as: oauth.AuthorizationServer;
    /** False when the metadata are the 2025-03-26 default endpoints (nothing was published). */
    asPublished: boolean;
}
/** What the configuration trusts beyond what the upstream says (issuerPolicy.ts). */
export interface DiscoveryPolicy {
    /** Pinned issuers (`auth.issuer`, `auth.authorizationServers`); empty: none pinned. */
    issuers?: readonly string[];
    /** Origins besides the upstream's own where `resource_metadata` may point. */
    metadataOrigins?: readonly string[];
}
declare const oauthFetch: (url: string, init: RequestInit) => Promise<Response>;
/** oauth4webapi request options: bounded fetches, plain HTTP only toward loopback hosts. */
export declare function requestOptions(url: URL): {
    [oauth.customFetch]: typeof oauthFetch;
    [oauth.allowInsecureRequests]?: boolean;
};
/** The server URL as a resource identifier (RFC 8707): no fragment, no query. */
export declare function canonicalResource(serverUrl: URL): string;
/** Whether metadata for `resource` may be used for `serverUrl` (same origin, path prefix). */
export declare function resourceCovers(resource: string, serverUrl: URL): boolean;
export declare function discoverResource(serverUrl: URL, metadataUrl: string | undefined, metadataOrigins?: readonly string[]): Promise<ResourceMetadata | undefined>;
/** The authorization server metadata of `issuer`, or undefined when none is published. */
export declare function discoverAuthorizationServer(issuer: URL): Promise<oauth.AuthorizationServer | undefined>;
export declare function discover(serverUrl: URL, metadataUrl: string | undefined, policy?: DiscoveryPolicy): Promise<Discovered>;
export {};
