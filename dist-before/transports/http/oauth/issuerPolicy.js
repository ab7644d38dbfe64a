/** Issuer identifiers compared as URLs (`https://as.example` = `https://as.example/`). */
const normal = (issuer) => {
    try {
        return new URL(issuer).href.replace(/\/$/, '');
    }
    catch {
        return issuer;
    }
};
export const isPinned = (issuer, pins) => pins.some((pin) => normal(pin) === normal(issuer));
function issuerUrl(text) {
    let url;
    try {
        url = new URL(text);
    }
    catch {
        throw new Error(`the authorization server ${JSON.stringify(text)} is not a URL`);
    }
    if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#')) {
        throw new Error(`refusing the authorization server ${url.origin}: an issuer has no query or fragment`);
    }
    return url;
}
/** The issuer to discover, from the resource's `authorization_servers` and the pins. */
export function chooseIssuer(listed, serverUrl, pins) {
    const named = (listed ?? []).filter((s) => typeof s === 'string');
    if (pins.length === 0)
        return issuerUrl(named[0] ?? serverUrl.origin);
    if (listed === undefined)
        return issuerUrl(pins[0]);
    const pinned = named.find((issuer) => isPinned(issuer, pins));
    if (pinned !== undefined)
        return issuerUrl(pinned);
    const offered = named.length > 0 ? named.join(', ') : 'no authorization server';
    throw new Error(`refusing the authorization server ${offered} named by the upstream: not in auth.authorizationServers`);
}
/** Whether the client would present a credential from the config (not one it registered). */
export function holdsConfiguredCredential(o) {
    const keyed = o.clientSecret !== undefined || o.privateKey !== undefined;
    return (o.clientId !== undefined && keyed) || o.grant === 'jwt_bearer';
}
/**
 * Throws unless the configured credentials may go to `as`; the message names the refused
 * issuer, never a credential.
 */
export function checkCredentialTarget(o, as, serverUrl, pins) {
    if (!holdsConfiguredCredential(o))
        return;
    if (pins.length > 0) {
        if (isPinned(as.issuer, pins))
            return;
    }
    else {
        const origin = (text) => new URL(text).origin;
        const endpoint = as.token_endpoint ?? as.issuer;
        if (origin(as.issuer) === serverUrl.origin && origin(endpoint) === serverUrl.origin)
            return;
    }
    throw new Error(`refusing to send the configured client credentials to the authorization server ${as.issuer}: ${pins.length > 0
        ? 'it is not in auth.authorizationServers'
        : `it is not on the upstream's origin ${serverUrl.origin} (pin it with auth.issuer or auth.authorizationServers)`}`);
}
//# sourceMappingURL=issuerPolicy.js.map