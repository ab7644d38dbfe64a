/**
 * Which authorization server an upstream may send the router to, and which one may see the
 * credentials the config holds (README.md, "Issuer pins").
 *
 * - With pins (`auth.issuer`, `auth.authorizationServers`): the first authorization server of
 *   the protected resource metadata that is pinned; none pinned → the upstream fails, naming
 *   what it offered. Without protected resource metadata: the first pin (the spec's "use
 *   pre-configured values").
 * - Without pins: the first one listed (RFC 9728 leaves the choice to the client), else the
 *   upstream's origin (2025-03-26). Dynamic registration, a client ID metadata document and a
 *   public client carry no configured secret and may go there; a configured secret, private
 *   key or `jwt_bearer` assertion goes only to an authorization server whose issuer and token
 *   endpoint are on the upstream's own origin.
 */
import type * as oauth from 'oauth4webapi';

/** The options that decide whether a credential of the config is presented. */
export interface ConfiguredCredentials {
  grant?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
}

/** Issuer identifiers compared as URLs (`https://as.example` = `https://as.example/`). */
const normal = (issuer: string): string => {
  try {
    return new URL(issuer).href.replace(/\/$/, '');
  } catch {
    return issuer;
  }
};

export const isPinned = (issuer: string, pins: readonly string[]): boolean =>
  pins.some((pin) => normal(pin) === normal(issuer));

function issuerUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`the authorization server ${JSON.stringify(text)} is not a URL`);
  }
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
    throw new Error(
      `refusing the authorization server ${url.origin}: an issuer has no query or fragment`,
    );
  }
  return url;
}

/** The issuer to discover, from the resource's `authorization_servers` and the pins. */
export function chooseIssuer(
  listed: readonly unknown[] | undefined,
  serverUrl: URL,
  pins: readonly string[],
): URL {
  const named = (listed ?? []).filter((s): s is string => typeof s === 'string');
  if (pins.length === 0) return issuerUrl(named[0] ?? serverUrl.origin);
  if (listed === undefined) return issuerUrl(pins[0] as string);
  const pinned = named.find((issuer) => isPinned(issuer, pins));
  if (pinned !== undefined) return issuerUrl(pinned);
  const offered = named.length > 0 ? named.join(', ') : 'no authorization server';
  throw new Error(
    `refusing the authorization server ${offered} named by the upstream: not in auth.authorizationServers`,
  );
}

/** Whether the client would present a credential from the config (not one it registered). */
export function holdsConfiguredCredential(o: ConfiguredCredentials): boolean {
  const keyed = o.clientSecret !== undefined || o.privateKey !== undefined;
  return (o.clientId !== undefined && keyed) || o.grant === 'jwt_bearer';
}

/**
 * Throws unless the configured credentials may go to `as`; the message names the refused
 * issuer, never a credential.
 */
export function checkCredentialTarget(
  o: ConfiguredCredentials,
  as: oauth.AuthorizationServer,
  serverUrl: URL,
  pins: readonly string[],
): void {
  if (!holdsConfiguredCredential(o)) return;
  if (pins.length > 0) {
    if (isPinned(as.issuer, pins)) return;
  } else {
    const origin = (text: string) => new URL(text).origin;
    const endpoint = as.token_endpoint ?? as.issuer;
    if (origin(as.issuer) === serverUrl.origin && origin(endpoint) === serverUrl.origin) return;
  }
  throw new Error(
    `refusing to send the configured client credentials to the authorization server ${as.issuer}: ${
      pins.length > 0
        ? 'it is not in auth.authorizationServers'
        : `it is not on the upstream's origin ${serverUrl.origin} (pin it with auth.issuer or auth.authorizationServers)`
    }`,
  );
}
