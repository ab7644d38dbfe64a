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
import { boundedFetch, customFetchOf } from './boundedFetch.js';
import { chooseIssuer } from './issuerPolicy.js';
import { isLoopback } from './urlPolicy.js';
const oauthFetch = customFetchOf();
/** oauth4webapi request options: bounded fetches, plain HTTP only toward loopback hosts. */
export function requestOptions(url) {
    return {
        [oauth.customFetch]: oauthFetch,
        ...(url.protocol === 'http:' && isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}),
    };
}
/** The server URL as a resource identifier (RFC 8707): no fragment, no query. */
export function canonicalResource(serverUrl) {
    const url = new URL(serverUrl);
    url.hash = '';
    url.search = '';
    return url.href;
}
const getMetadata = (url) => boundedFetch(url, { headers: { accept: 'application/json' } });
const wellKnown = (base, name, insertPath) => {
    const path = insertPath && base.pathname !== '/' ? base.pathname.replace(/\/$/, '') : '';
    return new URL(`/.well-known/${name}${path}`, base.origin);
};
/** Whether metadata for `resource` may be used for `serverUrl` (same origin, path prefix). */
export function resourceCovers(resource, serverUrl) {
    let declared;
    try {
        declared = new URL(resource);
    }
    catch {
        return false;
    }
    if (declared.origin !== serverUrl.origin)
        return false;
    const base = declared.pathname.endsWith('/') ? declared.pathname : `${declared.pathname}/`;
    const path = serverUrl.pathname.endsWith('/') ? serverUrl.pathname : `${serverUrl.pathname}/`;
    return path.startsWith(base);
}
/** The `resource_metadata` URL of a challenge, refused off the upstream's origin unless allowed. */
function announcedMetadataUrl(metadataUrl, serverUrl, allowed) {
    const url = new URL(metadataUrl, serverUrl);
    if (url.origin === serverUrl.origin || allowed?.includes(url.origin))
        return url;
    throw new Error(`refusing the protected resource metadata at ${url.origin}: not the upstream's origin ${serverUrl.origin} (allow it with auth.metadataOrigins)`);
}
export async function discoverResource(serverUrl, metadataUrl, metadataOrigins) {
    const candidates = metadataUrl
        ? [announcedMetadataUrl(metadataUrl, serverUrl, metadataOrigins)]
        : [
            wellKnown(serverUrl, 'oauth-protected-resource', true),
            wellKnown(serverUrl, 'oauth-protected-resource', false),
        ];
    for (const url of [...new Map(candidates.map((u) => [u.href, u])).values()]) {
        const res = await getMetadata(url);
        if (res.status !== 200)
            continue;
        const metadata = (await res.json().catch(() => undefined));
        if (typeof metadata?.resource !== 'string') {
            throw new Error(`the protected resource metadata at ${url.href} has no "resource"`);
        }
        if (!resourceCovers(metadata.resource, serverUrl)) {
            throw new Error(`the protected resource metadata names resource ${metadata.resource}, not ${canonicalResource(serverUrl)}`);
        }
        return metadata;
    }
    return undefined;
}
/** The authorization server metadata of `issuer`, or undefined when none is published. */
export async function discoverAuthorizationServer(issuer) {
    const hasPath = issuer.pathname !== '/' && issuer.pathname !== '';
    const candidates = hasPath
        ? [
            wellKnown(issuer, 'oauth-authorization-server', true),
            wellKnown(issuer, 'openid-configuration', true),
            new URL(`${issuer.href.replace(/\/$/, '')}/.well-known/openid-configuration`),
        ]
        : [
            wellKnown(issuer, 'oauth-authorization-server', false),
            wellKnown(issuer, 'openid-configuration', false),
        ];
    for (const url of candidates) {
        const res = await getMetadata(url);
        if (res.status !== 200)
            continue;
        // Throws when `issuer` differs from the one the URL was built from (RFC 8414 §3.3).
        return oauth.processDiscoveryResponse(issuer, res);
    }
    return undefined;
}
export async function discover(serverUrl, metadataUrl, policy = {}) {
    const resource = await discoverResource(serverUrl, metadataUrl, policy.metadataOrigins);
    const issuer = chooseIssuer(resource?.authorization_servers, serverUrl, policy.issuers ?? []);
    const as = await discoverAuthorizationServer(issuer);
    const resourceIndicator = resource?.resource ?? canonicalResource(serverUrl);
    if (as)
        return { ...(resource ? { resource } : {}), resourceIndicator, as, asPublished: true };
    if (resource || issuer.origin !== serverUrl.origin) {
        throw new Error(`the authorization server ${issuer.href} publishes no metadata`);
    }
    const origin = serverUrl.origin;
    return {
        resourceIndicator,
        asPublished: false,
        as: {
            issuer: origin,
            authorization_endpoint: `${origin}/authorize`,
            token_endpoint: `${origin}/token`,
            registration_endpoint: `${origin}/register`,
        },
    };
}
//# sourceMappingURL=discovery.js.map