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
 * HTTP is allowed only toward loopback hosts; anything else must be HTTPS.
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

const TIMEOUT_MS = 10_000;

export const isLoopback = (url: URL): boolean =>
  url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);

/** oauth4webapi request options: a timeout, and plain HTTP only toward loopback hosts. */
export function requestOptions(url: URL): {
  signal: () => AbortSignal;
  [oauth.allowInsecureRequests]?: boolean;
} {
  return {
    signal: () => AbortSignal.timeout(TIMEOUT_MS),
    ...(url.protocol === 'http:' && isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** The server URL as a resource identifier (RFC 8707): no fragment, no query. */
export function canonicalResource(serverUrl: URL): string {
  const url = new URL(serverUrl);
  url.hash = '';
  url.search = '';
  return url.href;
}

function checkScheme(url: URL): void {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return;
  throw new Error(`refusing ${url.origin}: authorization endpoints must use HTTPS`);
}

async function getJson(url: URL): Promise<{ status: number; body?: unknown }> {
  checkScheme(url);
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return { status: res.status };
  }
  return { status: 200, body: await res.json() };
}

const wellKnown = (base: URL, name: string, insertPath: boolean): URL => {
  const path = insertPath && base.pathname !== '/' ? base.pathname.replace(/\/$/, '') : '';
  return new URL(`/.well-known/${name}${path}`, base.origin);
};

/** Whether metadata for `resource` may be used for `serverUrl` (same origin, path prefix). */
export function resourceCovers(resource: string, serverUrl: URL): boolean {
  let declared: URL;
  try {
    declared = new URL(resource);
  } catch {
    return false;
  }
  if (declared.origin !== serverUrl.origin) return false;
  const base = declared.pathname.endsWith('/') ? declared.pathname : `${declared.pathname}/`;
  const path = serverUrl.pathname.endsWith('/') ? serverUrl.pathname : `${serverUrl.pathname}/`;
  return path.startsWith(base);
}

export async function discoverResource(
  serverUrl: URL,
  metadataUrl: string | undefined,
): Promise<ResourceMetadata | undefined> {
  const candidates = metadataUrl
    ? [new URL(metadataUrl, serverUrl)]
    : [
        wellKnown(serverUrl, 'oauth-protected-resource', true),
        wellKnown(serverUrl, 'oauth-protected-resource', false),
      ];
  for (const url of [...new Map(candidates.map((u) => [u.href, u])).values()]) {
    const { status, body } = await getJson(url);
    if (status !== 200) continue;
    const metadata = body as ResourceMetadata;
    if (typeof metadata?.resource !== 'string') {
      throw new Error(`the protected resource metadata at ${url.href} has no "resource"`);
    }
    if (!resourceCovers(metadata.resource, serverUrl)) {
      throw new Error(
        `the protected resource metadata names resource ${metadata.resource}, not ${canonicalResource(serverUrl)}`,
      );
    }
    return metadata;
  }
  return undefined;
}

/** The authorization server metadata of `issuer`, or undefined when none is published. */
export async function discoverAuthorizationServer(
  issuer: URL,
): Promise<oauth.AuthorizationServer | undefined> {
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
    checkScheme(url);
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      continue;
    }
    // Throws when `issuer` differs from the one the URL was built from (RFC 8414 §3.3).
    return oauth.processDiscoveryResponse(issuer, res);
  }
  return undefined;
}

export async function discover(
  serverUrl: URL,
  metadataUrl: string | undefined,
): Promise<Discovered> {
  const resource = await discoverResource(serverUrl, metadataUrl);
  const issuerText = resource?.authorization_servers?.[0];
  const issuer = issuerText === undefined ? new URL(serverUrl.origin) : new URL(issuerText);
  const as = await discoverAuthorizationServer(issuer);
  const resourceIndicator = resource?.resource ?? canonicalResource(serverUrl);
  if (as) return { ...(resource ? { resource } : {}), resourceIndicator, as, asPublished: true };
  if (resource) {
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
