import { OAuthClient } from './oauthClient.js';
import { defaultTokenFile, FileTokenStore } from './tokenStore.js';
export { boundedFetch, customFetchOf, MAX_OAUTH_BODY_BYTES, } from './boundedFetch.js';
export { discover } from './discovery.js';
export { DEFAULT_REDIRECT_URI, LoginRequiredError, OAuthClient, } from './oauthClient.js';
export { defaultTokenFile, FileTokenStore, memoryTokenStore, } from './tokenStore.js';
export { isLoopback, requireSecureUrl } from './urlPolicy.js';
export { parseBearerChallenge } from './wwwAuthenticate.js';
/** Token stores by file, shared by every upstream (their writes are serialized per file). */
const stores = new Map();
export function tokenStoreFor(path) {
    const file = path ?? defaultTokenFile();
    let store = stores.get(file);
    if (!store) {
        store = new FileTokenStore(file);
        stores.set(file, store);
    }
    return store;
}
/** The OAuth client of an upstream with `auth`, or undefined. */
export function oauthClientFor(config, options) {
    const auth = config.auth;
    if (auth === undefined || config.url === undefined)
        return undefined;
    return new OAuthClient({
        server: config.name,
        url: new URL(config.url),
        store: options.store ?? tokenStoreFor(auth.tokenFile),
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
//# sourceMappingURL=index.js.map