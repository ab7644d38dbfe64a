/**
 * Authorization config:
 *
 * - per server, `auth`: the OAuth client toward an HTTP upstream (transports/http/oauth/);
 * - `mcpMux.auth`: the facade's protection: named static tokens and JWT access tokens from
 *   one issuer, plus what `/.well-known/oauth-protected-resource` publishes;
 * - `mcpMux.access`: which principals may see which upstreams and tools.
 *
 * Secrets (`clientSecret`, token values) take `${env:NAME}` and are never logged.
 */
import { isAbsolute, resolve } from 'node:path';
import { boolean, child, item, knownKeys, object, oneOf, string, stringArray, stringRecord, substituteEnv, substituteEnvRecord, } from './configSchema.js';
const UPSTREAM_AUTH_KEYS = new Set([
    'grant',
    'clientId',
    'clientSecret',
    'privateKey',
    'privateKeyAlgorithm',
    'assertion',
    'assertionFile',
    'dpop',
    'idp',
    'clientMetadataUrl',
    'tokenEndpointAuthMethod',
    'scope',
    'clientName',
    'redirectUri',
    'tokenFile',
    'issuer',
    'authorizationServers',
    'metadataOrigins',
]);
const FACADE_AUTH_KEYS = new Set([
    'tokens',
    'jwt',
    'resource',
    'authorizationServers',
    'scopesSupported',
    'requiredScopes',
]);
const JWT_KEYS = new Set(['issuer', 'audience', 'jwksUrl', 'publicKey', 'algorithms']);
const RULE_KEYS = new Set(['principals', 'upstreams', 'tools']);
const GRANTS = ['authorization_code', 'client_credentials', 'jwt_bearer'];
const METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'];
export const PRINCIPAL = /^(\*|(token|sub|scope|client):.+)$/;
function absoluteUrl(value, path, issues) {
    const text = string(value, path, issues);
    if (text === undefined)
        return undefined;
    try {
        const url = new URL(text);
        if (url.protocol === 'http:' || url.protocol === 'https:')
            return text;
    }
    catch { }
    return issues.add(path, `expected an absolute http(s) URL, got ${JSON.stringify(text)}`);
}
export function parseUpstreamAuth(value, path, context, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, UPSTREAM_AUTH_KEYS, issues);
    const at = (key) => child(path, key);
    const auth = { grant: 'authorization_code' };
    if (raw.grant !== undefined) {
        const grant = oneOf(raw.grant, at('grant'), issues, GRANTS);
        if (grant)
            auth.grant = grant;
    }
    const text = (key) => {
        if (raw[key] === undefined)
            return undefined;
        const s = string(raw[key], at(key), issues, {
            pattern: /./,
            description: 'a non-empty string',
        });
        return s === undefined
            ? undefined
            : substituteEnv(s, at(key), context.env, issues, context.lenient);
    };
    const clientId = text('clientId');
    if (clientId !== undefined)
        auth.clientId = clientId;
    const clientSecret = text('clientSecret');
    if (clientSecret !== undefined)
        auth.clientSecret = clientSecret;
    const privateKey = text('privateKey');
    if (privateKey !== undefined)
        auth.privateKey = privateKey;
    const privateKeyAlgorithm = text('privateKeyAlgorithm');
    if (privateKeyAlgorithm !== undefined)
        auth.privateKeyAlgorithm = privateKeyAlgorithm;
    if (raw.dpop !== undefined) {
        const dpop = boolean(raw.dpop, at('dpop'), issues);
        if (dpop !== undefined)
            auth.dpop = dpop;
    }
    const assertion = text('assertion');
    if (assertion !== undefined)
        auth.assertion = assertion;
    const assertionFile = text('assertionFile');
    if (assertionFile !== undefined) {
        auth.assertionFile =
            isAbsolute(assertionFile) || context.baseDir === undefined
                ? assertionFile
                : resolve(context.baseDir, assertionFile);
    }
    if (raw.idp !== undefined) {
        const idp = parseIdp(raw.idp, at('idp'), context, issues);
        if (idp)
            auth.idp = idp;
    }
    const sources = [auth.assertion, auth.assertionFile, auth.idp].filter((s) => s !== undefined);
    if (auth.grant === 'jwt_bearer' && sources.length !== 1) {
        issues.add(path, 'grant "jwt_bearer" needs exactly one of "assertion", "assertionFile" or "idp"');
    }
    const scope = text('scope');
    if (scope !== undefined)
        auth.scope = scope;
    const clientName = text('clientName');
    if (clientName !== undefined)
        auth.clientName = clientName;
    if (raw.clientMetadataUrl !== undefined) {
        const url = absoluteUrl(raw.clientMetadataUrl, at('clientMetadataUrl'), issues);
        if (url !== undefined)
            auth.clientMetadataUrl = url;
    }
    if (raw.redirectUri !== undefined) {
        const url = absoluteUrl(raw.redirectUri, at('redirectUri'), issues);
        if (url !== undefined)
            auth.redirectUri = url;
    }
    if (raw.tokenEndpointAuthMethod !== undefined) {
        const method = oneOf(raw.tokenEndpointAuthMethod, at('tokenEndpointAuthMethod'), issues, METHODS);
        if (method)
            auth.tokenEndpointAuthMethod = method;
    }
    const tokenFile = text('tokenFile');
    if (tokenFile !== undefined) {
        auth.tokenFile =
            isAbsolute(tokenFile) || context.baseDir === undefined
                ? tokenFile
                : resolve(context.baseDir, tokenFile);
    }
    parseTrust(raw, path, auth, issues);
    const secretless = auth.clientSecret === undefined && auth.privateKey === undefined;
    if (auth.grant === 'client_credentials' && auth.clientId !== undefined && secretless) {
        issues.add(path, 'grant "client_credentials" with a clientId needs "clientSecret" or "privateKey"');
    }
    return auth;
}
/** `issuer`, `authorizationServers` (pins) and `metadataOrigins` of an upstream's `auth`. */
function parseTrust(raw, path, auth, issues) {
    const at = (key) => child(path, key);
    const issuerOf = (value, where) => {
        const text = absoluteUrl(value, where, issues);
        if (text === undefined)
            return undefined;
        if (/[?#]/.test(text))
            return issues.add(where, 'an issuer has no query or fragment');
        return text;
    };
    const pins = [];
    if (raw.issuer !== undefined) {
        const issuer = issuerOf(raw.issuer, at('issuer'));
        if (issuer !== undefined)
            pins.push(issuer);
    }
    if (raw.authorizationServers !== undefined) {
        const list = stringArray(raw.authorizationServers, at('authorizationServers'), issues, {
            nonEmptyItems: true,
        });
        list?.forEach((entry, i) => {
            const issuer = issuerOf(entry, item(at('authorizationServers'), i));
            if (issuer !== undefined && !pins.includes(issuer))
                pins.push(issuer);
        });
    }
    if (pins.length > 0)
        auth.authorizationServers = pins;
    if (raw.metadataOrigins !== undefined) {
        const list = stringArray(raw.metadataOrigins, at('metadataOrigins'), issues, {
            nonEmptyItems: true,
        });
        const origins = [];
        list?.forEach((entry, i) => {
            const url = absoluteUrl(entry, item(at('metadataOrigins'), i), issues);
            if (url !== undefined)
                origins.push(new URL(url).origin);
        });
        if (list)
            auth.metadataOrigins = origins;
    }
}
const IDP_KEYS = new Set(['tokenEndpoint', 'clientId', 'clientSecret', 'idToken', 'idTokenFile']);
function parseIdp(value, path, context, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, IDP_KEYS, issues);
    const at = (key) => child(path, key);
    const tokenEndpoint = raw.tokenEndpoint === undefined
        ? issues.add(at('tokenEndpoint'), 'required')
        : absoluteUrl(raw.tokenEndpoint, at('tokenEndpoint'), issues);
    if (tokenEndpoint === undefined)
        return undefined;
    const idp = { tokenEndpoint };
    for (const key of ['clientId', 'clientSecret', 'idToken', 'idTokenFile']) {
        if (raw[key] === undefined)
            continue;
        const text = string(raw[key], at(key), issues);
        if (text !== undefined)
            idp[key] = substituteEnv(text, at(key), context.env, issues, context.lenient);
    }
    if (idp.idTokenFile !== undefined &&
        !isAbsolute(idp.idTokenFile) &&
        context.baseDir !== undefined) {
        idp.idTokenFile = resolve(context.baseDir, idp.idTokenFile);
    }
    if ((idp.idToken === undefined) === (idp.idTokenFile === undefined)) {
        issues.add(path, 'give exactly one of "idToken" or "idTokenFile"');
    }
    return idp;
}
export function parseFacadeAuth(value, env, issues) {
    const path = 'mcpMux.auth';
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, FACADE_AUTH_KEYS, issues);
    const at = (key) => child(path, key);
    const auth = { tokens: {} };
    if (raw.tokens !== undefined) {
        const tokens = stringRecord(raw.tokens, at('tokens'), issues);
        if (tokens) {
            auth.tokens = substituteEnvRecord(tokens, at('tokens'), env, issues, false);
            for (const [name, token] of Object.entries(auth.tokens)) {
                if (token.length < 16)
                    issues.add(child(at('tokens'), name), 'a token needs at least 16 characters');
            }
        }
    }
    if (raw.jwt !== undefined) {
        const jwt = parseJwt(raw.jwt, at('jwt'), env, issues);
        if (jwt)
            auth.jwt = jwt;
    }
    if (raw.resource !== undefined) {
        const resource = absoluteUrl(raw.resource, at('resource'), issues);
        if (resource !== undefined)
            auth.resource = resource;
    }
    for (const key of ['authorizationServers', 'scopesSupported', 'requiredScopes']) {
        if (raw[key] === undefined)
            continue;
        const list = stringArray(raw[key], at(key), issues, { nonEmptyItems: true });
        if (list)
            auth[key] = list;
    }
    return auth;
}
function parseJwt(value, path, env, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, JWT_KEYS, issues);
    const at = (key) => child(path, key);
    const issuer = raw.issuer === undefined
        ? issues.add(at('issuer'), 'required')
        : string(raw.issuer, at('issuer'), issues);
    if (issuer === undefined)
        return undefined;
    const jwt = { issuer };
    if (raw.audience !== undefined) {
        const audience = typeof raw.audience === 'string'
            ? [raw.audience]
            : stringArray(raw.audience, at('audience'), issues);
        if (audience)
            jwt.audience = audience;
    }
    if (raw.jwksUrl !== undefined) {
        const url = absoluteUrl(raw.jwksUrl, at('jwksUrl'), issues);
        if (url !== undefined)
            jwt.jwksUrl = url;
    }
    if (raw.publicKey !== undefined) {
        const key = string(raw.publicKey, at('publicKey'), issues);
        if (key !== undefined)
            jwt.publicKey = substituteEnv(key, at('publicKey'), env, issues, false);
    }
    if (raw.jwksUrl === undefined && raw.publicKey === undefined) {
        issues.add(path, 'give "jwksUrl" or "publicKey"');
    }
    else if (raw.jwksUrl !== undefined && raw.publicKey !== undefined) {
        issues.add(path, 'give "jwksUrl" or "publicKey", not both');
    }
    if (raw.algorithms !== undefined) {
        const algorithms = stringArray(raw.algorithms, at('algorithms'), issues, {
            nonEmptyItems: true,
        });
        if (algorithms)
            jwt.algorithms = algorithms;
    }
    return jwt;
}
/**
 * A rule's `principals` (patterns of `access` and `rateLimits`): a list of `*`, `token:…`,
 * `sub:…`, `scope:…`, `client:…`; a bad pattern is an issue naming it.
 */
export function rulePrincipals(value, at, issues) {
    const principals = stringArray(value, child(at, 'principals'), issues);
    for (const [i, p] of (principals ?? []).entries()) {
        if (!PRINCIPAL.test(p)) {
            issues.add(item(child(at, 'principals'), i), `expected "*" or token:NAME, sub:SUBJECT, scope:SCOPE, client:ID, got ${JSON.stringify(p)}`);
        }
    }
    return principals;
}
/** `rule` with the `upstreams` and `tools` globs of `raw`, when given (absent: all). */
export function withRuleScope(rule, raw, at, issues) {
    for (const key of ['upstreams', 'tools']) {
        if (raw[key] === undefined)
            continue;
        const globs = stringArray(raw[key], child(at, key), issues, { nonEmptyItems: true });
        if (globs)
            rule[key] = globs;
    }
    return rule;
}
export function parseAccess(value, issues) {
    const path = 'mcpMux.access';
    if (!Array.isArray(value))
        return issues.add(path, 'expected an array of rules');
    const rules = [];
    value.forEach((entry, index) => {
        const at = item(path, index);
        const raw = object(entry, at, issues);
        if (!raw)
            return;
        knownKeys(raw, at, RULE_KEYS, issues);
        if (raw.principals === undefined) {
            issues.add(child(at, 'principals'), 'required');
            return;
        }
        const principals = rulePrincipals(raw.principals, at, issues);
        if (!principals)
            return;
        rules.push(withRuleScope({ principals }, raw, at, issues));
    });
    return rules;
}
//# sourceMappingURL=authConfig.js.map