/** The OAuth client toward HTTP upstreams (README.md, "OAuth"). */
import type { ClusterStore } from '../../../core/cluster/index.js';
import type { UpstreamConfig } from '../../../core/config/index.js';
import type { Logger } from '../../../core/log/index.js';
import { ClusterTokenStore } from './clusterTokenStore.js';
import { OAuthClient } from './oauthClient.js';
import { defaultTokenFile, FileTokenStore, type TokenStore } from './tokenStore.js';

export {
  type BoundedFetchOptions,
  boundedFetch,
  customFetchOf,
  MAX_OAUTH_BODY_BYTES,
} from './boundedFetch.js';
export { ClusterTokenStore, type ClusterTokenStoreOptions } from './clusterTokenStore.js';
export { type Discovered, type DiscoveryPolicy, discover } from './discovery.js';
export type { HttpAuth } from './httpAuth.js';
export { loadJose } from './jose.js';
export {
  DEFAULT_REDIRECT_URI,
  LoginRequiredError,
  OAuthClient,
  type OAuthClientOptions,
} from './oauthClient.js';
export {
  defaultTokenFile,
  FileTokenStore,
  memoryTokenStore,
  type StoredCredentials,
  type TokenStore,
} from './tokenStore.js';
export { isLoopback, requireSecureUrl } from './urlPolicy.js';
export { parseBearerChallenge } from './wwwAuthenticate.js';

/** Token stores by file, shared by every upstream (their writes are serialized per file). */
const stores = new Map<string, FileTokenStore>();

export function tokenStoreFor(path: string | undefined): TokenStore {
  const file = path ?? defaultTokenFile();
  let store = stores.get(file);
  if (!store) {
    store = new FileTokenStore(file);
    stores.set(file, store);
  }
  return store;
}

/** Shared token stores by cluster store and file (one refresh protocol per pair). */
const clusterStores = new WeakMap<ClusterStore, Map<string, ClusterTokenStore>>();

function clusterTokenStoreFor(
  cluster: ClusterStore,
  path: string | undefined,
  log: Logger,
): TokenStore {
  const file = path ?? defaultTokenFile();
  let byFile = clusterStores.get(cluster);
  if (!byFile) {
    byFile = new Map();
    clusterStores.set(cluster, byFile);
  }
  let store = byFile.get(file);
  if (!store) {
    store = new ClusterTokenStore(cluster, { fallback: tokenStoreFor(file), log });
    byFile.set(file, store);
  }
  return store;
}

export interface OAuthClientForOptions {
  log: Logger;
  /** The token store (tests); default: the server's token file, shared through `cluster`. */
  store?: TokenStore;
  /**
   * The cluster's shared store (`mcpMux.cluster`): tokens live there and each refresh runs
   * once across instances (clusterTokenStore.ts); the token file is the fallback.
   */
  cluster?: ClusterStore;
  authorize?: (url: URL) => Promise<URLSearchParams>;
}

/** The OAuth client of an upstream with `auth`, or undefined. */
export function oauthClientFor(
  config: UpstreamConfig,
  options: OAuthClientForOptions,
): OAuthClient | undefined {
  const auth = config.auth;
  if (auth === undefined || config.url === undefined) return undefined;
  const store =
    options.store ??
    (options.cluster
      ? clusterTokenStoreFor(options.cluster, auth.tokenFile, options.log)
      : tokenStoreFor(auth.tokenFile));
  return new OAuthClient({
    server: config.name,
    url: new URL(config.url),
    store,
    grant: auth.grant,
    log: options.log,
    ...(auth.clientId === undefined ? {} : { clientId: auth.clientId }),
    ...(auth.clientSecret === undefined ? {} : { clientSecret: auth.clientSecret }),
    ...(auth.privateKey === undefined ? {} : { privateKey: auth.privateKey }),
    ...(auth.assertion === undefined ? {} : { assertion: auth.assertion }),
    ...(auth.dpop === undefined ? {} : { dpop: auth.dpop }),
    ...(auth.idp === undefined ? {} : { idp: auth.idp }),
    ...(auth.assertionFile === undefined ? {} : { assertionFile: auth.assertionFile }),
    ...(auth.privateKeyAlgorithm === undefined
      ? {}
      : { privateKeyAlgorithm: auth.privateKeyAlgorithm }),
    ...(auth.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: auth.clientMetadataUrl }),
    ...(auth.tokenEndpointAuthMethod === undefined
      ? {}
      : { tokenEndpointAuthMethod: auth.tokenEndpointAuthMethod }),
    ...(auth.scope === undefined ? {} : { scope: auth.scope }),
    ...(auth.authorizationServers === undefined
      ? {}
      : { authorizationServers: auth.authorizationServers }),
    ...(auth.metadataOrigins === undefined ? {} : { metadataOrigins: auth.metadataOrigins }),
    ...(auth.clientName === undefined ? {} : { clientName: auth.clientName }),
    ...(auth.redirectUri === undefined ? {} : { redirectUri: auth.redirectUri }),
    ...(options.authorize ? { authorize: options.authorize } : {}),
  });
}
export { MAX_AUTH_RETRIES } from './httpAuth.js';
export { listenForRedirect } from './loopbackRedirect.js';
