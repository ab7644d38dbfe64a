/**
 * Enterprise-managed authorization (SEP-990): the user's ID token from the enterprise identity
 * provider is exchanged there (RFC 8693 token exchange) for an Identity Assertion JWT
 * Authorization Grant (ID-JAG) addressed to the MCP server's authorization server, which the
 * OAuth client then presents with the JWT bearer grant (RFC 7523). No browser, no secret of
 * the user's.
 */
import { readFile } from 'node:fs/promises';
import { boundedFetch } from './boundedFetch.js';
import { requireSecureUrl } from './urlPolicy.js';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
/** The ID-JAG for `audience` (the authorization server's issuer) and `resource`. */
export async function exchangeForIdJag(idp, audience, resource, scope) {
    const endpoint = new URL(idp.tokenEndpoint);
    requireSecureUrl(endpoint, 'the identity provider');
    const idToken = idp.idToken ?? (await readFile(idp.idTokenFile ?? '', 'utf8')).trim();
    const body = new URLSearchParams({
        grant_type: TOKEN_EXCHANGE,
        subject_token: idToken,
        subject_token_type: ID_TOKEN,
        requested_token_type: ID_JAG,
        audience,
        resource,
    });
    if (scope)
        body.set('scope', scope);
    const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
    };
    if (idp.clientId !== undefined && idp.clientSecret !== undefined) {
        const encode = (text) => encodeURIComponent(text).replace(/%20/g, '+');
        const basic = Buffer.from(`${encode(idp.clientId)}:${encode(idp.clientSecret)}`);
        headers.authorization = `Basic ${basic.toString('base64')}`;
    }
    else if (idp.clientId !== undefined) {
        body.set('client_id', idp.clientId);
    }
    const res = await boundedFetch(endpoint, { method: 'POST', headers, body });
    const json = (await res.json().catch(() => undefined));
    if (res.status !== 200 || typeof json?.access_token !== 'string') {
        const reason = typeof json?.error === 'string' ? json.error : `HTTP ${res.status}`;
        throw new Error(`the identity provider refused the token exchange: ${reason}`);
    }
    return json.access_token;
}
//# sourceMappingURL=idp.js.map