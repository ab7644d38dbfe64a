/** The OAuth client toward HTTP upstreams (README.md, "OAuth"). */
import type { UpstreamConfig } from '../../../core/config/index.js';
import type { Logger } from '../../../core/log/index.js';
import { OAuthClient } from './oauthClient.js';
import { type TokenStore } from './tokenStore.js';
export { type BoundedFetchOptions, boundedFetch, customFetchOf, MAX_OAUTH_BODY_BYTES, } from './boundedFetch.js';
export { type Discovered, type DiscoveryPolicy, discover } from './discovery.js';
export type { HttpAuth } from './httpAuth.js';
export { DEFAULT_REDIRECT_URI, LoginRequiredError, OAuthClient, type OAuthClientOptions, } from './oauthClient.js';
export { defaultTokenFile, FileTokenStore, memoryTokenStore, type StoredCredentials, type TokenStore, } from './tokenStore.js';
export { isLoopback, requireSecureUrl } from './urlPolicy.js';
export { parseBearerChallenge } from './wwwAuthenticate.js';
export declare function tokenStoreFor(path: string | undefined): TokenStore;
/** The OAuth client of an upstream with `auth`, or undefined. */
export declare function oauthClientFor(config: UpstreamConfig, options: {
    log: Logger;
    store?: TokenStore;
    authorize?: (url: URL) => Promise<URLSearchParams>;
}): OAuthClient | undefined;
export { MAX_AUTH_RETRIES } from './httpAuth.js';
export { listenForRedirect } from './loopbackRedirect.js';
