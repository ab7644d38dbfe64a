/**
 * Who the OAuth client is toward an authorization server, in the spec's order (2025-11-25,
 * "Client Registration Approaches"): a configured (pre-registered) client, a registration
 * stored for the same issuer and resource, the client ID metadata document URL when the server
 * supports it, dynamic client registration (RFC 7591); and how it authenticates at the token
 * endpoint.
 */
import * as oauth from 'oauth4webapi';
import type { Logger } from '../../../core/log/index.js';
import { type Discovered } from './discovery.js';
import type { StoredClient } from './tokenStore.js';
export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
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
export declare function identify(o: ClientIdentityOptions, redirectUri: string, found: Discovered, stored: StoredClient | undefined, log: Logger): Promise<StoredClient>;
/** The token endpoint authentication: the registered method, else what the server supports. */
export declare function clientAuthentication(o: ClientIdentityOptions, found: Discovered, stored: StoredClient): Promise<{
    client: oauth.Client;
    auth: oauth.ClientAuth;
}>;
