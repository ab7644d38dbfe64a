/**
 * Who the OAuth client is toward an authorization server, in the spec's order (2025-11-25,
 * "Client Registration Approaches"): a configured (pre-registered) client, a registration
 * stored for the same issuer and resource, the client ID metadata document URL when the server
 * supports it, dynamic client registration (RFC 7591); and how it authenticates at the token
 * endpoint.
 */

import * as oauth from 'oauth4webapi';
import type { Logger } from '../../../core/log/index.js';
import { type Discovered, requestOptions } from './discovery.js';
import { loadJose } from './jose.js';
import type { StoredClient } from './tokenStore.js';

export type TokenEndpointAuthMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt'
  | 'none';

/** The options of the OAuth client that decide its identity. */
export interface ClientIdentityOptions {
  grant?: 'authorization_code' | 'client_credentials' | 'jwt_bearer';
  /** A pre-registered client. */
  clientId?: string;
  clientSecret?: string;
  /** PKCS#8 PEM for `private_key_jwt`, and its algorithm (default ES256). */
  privateKey?: string;
  privateKeyAlgorithm?: string;
  /** An HTTPS URL serving this client's metadata document (used as client_id when supported). */
  clientMetadataUrl?: string;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  clientName?: string;
}

/**
 * `client_secret_basic` as servers read it: `id:secret` with the RFC 6749 §2.3.1 form
 * encoding, which leaves `-`, `.`, `_`, `~` as they are (oauth4webapi escapes them too, and
 * servers that decode only Base64 then see a different client_id).
 */
const basicAuth =
  (secret: string): oauth.ClientAuth =>
  (_as, client, _body, headers) => {
    const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
    const credentials = `${encode(client.client_id)}:${encode(secret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  };

export async function identify(
  o: ClientIdentityOptions,
  redirectUri: string,
  found: Discovered,
  stored: StoredClient | undefined,
  log: Logger,
): Promise<StoredClient> {
  if (o.clientId !== undefined) {
    return {
      client_id: o.clientId,
      ...(o.clientSecret === undefined ? {} : { client_secret: o.clientSecret }),
      ...(o.tokenEndpointAuthMethod
        ? { token_endpoint_auth_method: o.tokenEndpointAuthMethod }
        : {}),
    };
  }
  if (stored) return stored;
  const cimd = o.clientMetadataUrl;
  if (cimd && found.as.client_id_metadata_document_supported === true) {
    return { client_id: cimd, token_endpoint_auth_method: 'none' };
  }
  if (!found.as.registration_endpoint) {
    throw new Error(
      `the authorization server ${found.as.issuer} offers no dynamic client registration: configure auth.clientId`,
    );
  }
  if (o.grant === 'jwt_bearer') {
    throw new Error('grant "jwt_bearer" needs auth.clientId (the workload identity client)');
  }
  const grantTypes =
    o.grant === 'client_credentials'
      ? ['client_credentials']
      : ['authorization_code', 'refresh_token'];
  const metadata: Partial<oauth.Client> = {
    client_name: o.clientName ?? 'mcp-mux',
    grant_types: grantTypes,
    application_type: 'native',
    ...(o.grant === 'client_credentials'
      ? {}
      : { redirect_uris: [redirectUri], response_types: ['code'] }),
    ...(o.tokenEndpointAuthMethod ? { token_endpoint_auth_method: o.tokenEndpointAuthMethod } : {}),
  };
  const res = await oauth.dynamicClientRegistrationRequest(
    found.as,
    metadata,
    requestOptions(new URL(found.as.registration_endpoint)),
  );
  // Read leniently: servers commonly omit `client_secret_expires_at`, which RFC 7591 requires
  // with a secret (and oauth4webapi insists on).
  const client = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if ((res.status !== 201 && res.status !== 200) || typeof client?.client_id !== 'string') {
    throw new Error(`dynamic client registration at ${found.as.issuer} failed: HTTP ${res.status}`);
  }
  log.info('registered a client', { issuer: found.as.issuer });
  return {
    client_id: client.client_id,
    ...(typeof client.client_secret === 'string' ? { client_secret: client.client_secret } : {}),
    ...(typeof client.token_endpoint_auth_method === 'string'
      ? { token_endpoint_auth_method: client.token_endpoint_auth_method }
      : {}),
  };
}

/** The token endpoint authentication: the registered method, else what the server supports. */
export async function clientAuthentication(
  o: ClientIdentityOptions,
  found: Discovered,
  stored: StoredClient,
): Promise<{ client: oauth.Client; auth: oauth.ClientAuth }> {
  const client: oauth.Client = { client_id: stored.client_id };
  if (o.privateKey !== undefined && stored.client_id === o.clientId) {
    const { importPKCS8 } = await loadJose();
    const key = await importPKCS8(o.privateKey, o.privateKeyAlgorithm ?? 'ES256');
    return { client, auth: oauth.PrivateKeyJwt(key) };
  }
  const secret = stored.client_secret;
  const supported = found.as.token_endpoint_auth_methods_supported;
  let method = stored.token_endpoint_auth_method;
  if (method === undefined) {
    if (secret === undefined) method = 'none';
    else if (!supported || supported.includes('client_secret_basic'))
      method = 'client_secret_basic';
    else if (supported.includes('client_secret_post')) method = 'client_secret_post';
    else method = 'none';
  }
  if (method === 'client_secret_basic' && secret !== undefined)
    return { client, auth: basicAuth(secret) };
  if (method === 'client_secret_post' && secret !== undefined)
    return { client, auth: oauth.ClientSecretPost(secret) };
  return { client, auth: oauth.None() };
}
