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
import {
  boolean,
  child,
  type Issues,
  item,
  type JsonObject,
  knownKeys,
  object,
  oneOf,
  string,
  stringArray,
  stringRecord,
  substituteEnv,
  substituteEnvRecord,
} from './configSchema.js';

/** `jwt_bearer`: RFC 7523 with a workload identity token as the assertion (no person, no secret). */
export type OAuthGrant = 'authorization_code' | 'client_credentials' | 'jwt_bearer';
export type TokenEndpointAuthMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt'
  | 'none';

/** `mcpServers.<name>.auth`. */
export interface UpstreamAuthConfig {
  grant: OAuthGrant;
  clientId?: string;
  clientSecret?: string;
  /** Request DPoP-bound tokens (RFC 9449) and send a proof with each request. */
  dpop?: boolean;
  /**
   * `jwt_bearer` with enterprise-managed authorization: the assertion is an ID-JAG obtained
   * from this identity provider by token exchange (RFC 8693) of the user's ID token.
   */
  idp?: IdpConfig;
  /** `jwt_bearer`: the assertion itself (`${env:NAME}`), or a file read at each grant. */
  assertion?: string;
  assertionFile?: string;
  /** PKCS#8 PEM: authenticate with a signed assertion (`private_key_jwt`) instead of a secret. */
  privateKey?: string;
  /** Its JWS algorithm (default ES256). */
  privateKeyAlgorithm?: string;
  clientMetadataUrl?: string;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /** Space-separated. */
  scope?: string;
  clientName?: string;
  redirectUri?: string;
  /** Absolute; absent: the default file (transports/http/oauth/tokenStore.ts). */
  tokenFile?: string;
  /**
   * Pinned issuers (`issuer` is the one-entry shorthand, merged in first): only these
   * authorization servers are used, and only they see a configured secret, key or assertion.
   * Absent: configured credentials go only to an authorization server on the upstream's origin.
   */
  authorizationServers?: string[];
  /** Origins (`https://host[:port]`) besides the upstream's own where `resource_metadata` may be. */
  metadataOrigins?: string[];
}

export interface IdpConfig {
  tokenEndpoint: string;
  clientId?: string;
  clientSecret?: string;
  /** The user's ID token from this IdP (`${env:NAME}`), or a file holding it. */
  idToken?: string;
  idTokenFile?: string;
}

/** `mcpMux.auth.jwt`: access tokens signed by one authorization server. */
export interface JwtConfig {
  issuer: string;
  /** Accepted `aud` values; default: the facade's resource URL. */
  audience?: string[];
  /** Where the issuer's keys are (cached, refetched on an unknown `kid`). */
  jwksUrl?: string;
  /** A static public key instead: PEM (SPKI) or a JWK as JSON text. */
  publicKey?: string;
  algorithms?: string[];
}

/** `mcpMux.auth`. */
export interface FacadeAuthConfig {
  /** Named static bearer tokens: the principal is `token:<name>`. */
  tokens: Record<string, string>;
  jwt?: JwtConfig;
  /** The facade's resource identifier (its public MCP URL), for metadata and audience. */
  resource?: string;
  /** Published in the protected resource metadata (default: the JWT issuer). */
  authorizationServers?: string[];
  scopesSupported?: string[];
  /** Scopes every request needs (403 insufficient_scope otherwise). */
  requiredScopes?: string[];
}

/** One `mcpMux.access` rule: principals matching `principals` may use `upstreams` / `tools`. */
export interface AccessRule {
  /** `token:<name>`, `sub:<subject>`, `scope:<scope>`, `client:<client_id>`, or `*`. */
  principals: string[];
  /** Server names (globs); default all. */
  upstreams?: string[];
  /** Exposed tool names (globs, after prefixing); default all of the allowed upstreams. */
  tools?: string[];
}

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
const GRANTS = ['authorization_code', 'client_credentials', 'jwt_bearer'] as const;
const METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'] as const;
export const PRINCIPAL = /^(\*|(token|sub|scope|client):.+)$/;

type Env = Record<string, string | undefined>;

function absoluteUrl(value: unknown, path: string, issues: Issues): string | undefined {
  const text = string(value, path, issues);
  if (text === undefined) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return text;
  } catch {}
  return issues.add(path, `expected an absolute http(s) URL, got ${JSON.stringify(text)}`);
}

export function parseUpstreamAuth(
  value: unknown,
  path: string,
  context: { env: Env; baseDir?: string; lenient: boolean },
  issues: Issues,
): UpstreamAuthConfig | undefined {
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, UPSTREAM_AUTH_KEYS, issues);
  const at = (key: string) => child(path, key);
  const auth: UpstreamAuthConfig = { grant: 'authorization_code' };
  if (raw.grant !== undefined) {
    const grant = oneOf(raw.grant, at('grant'), issues, GRANTS);
    if (grant) auth.grant = grant;
  }
  const text = (key: string): string | undefined => {
    if (raw[key] === undefined) return undefined;
    const s = string(raw[key], at(key), issues, {
      pattern: /./,
      description: 'a non-empty string',
    });
    return s === undefined
      ? undefined
      : substituteEnv(s, at(key), context.env, issues, context.lenient);
  };
  const clientId = text('clientId');
  if (clientId !== undefined) auth.clientId = clientId;
  const clientSecret = text('clientSecret');
  if (clientSecret !== undefined) auth.clientSecret = clientSecret;
  const privateKey = text('privateKey');
  if (privateKey !== undefined) auth.privateKey = privateKey;
  const privateKeyAlgorithm = text('privateKeyAlgorithm');
  if (privateKeyAlgorithm !== undefined) auth.privateKeyAlgorithm = privateKeyAlgorithm;
  if (raw.dpop !== undefined) {
    const dpop = boolean(raw.dpop, at('dpop'), issues);
    if (dpop !== undefined) auth.dpop = dpop;
  }
  const assertion = text('assertion');
  if (assertion !== undefined) auth.assertion = assertion;
  const assertionFile = text('assertionFile');
  if (assertionFile !== undefined) {
    auth.assertionFile =
      isAbsolute(assertionFile) || context.baseDir === undefined
        ? assertionFile
        : resolve(context.baseDir, assertionFile);
  }
  if (raw.idp !== undefined) {
    const idp = parseIdp(raw.idp, at('idp'), context, issues);
    if (idp) auth.idp = idp;
  }
  const sources = [auth.assertion, auth.assertionFile, auth.idp].filter((s) => s !== undefined);
  if (auth.grant === 'jwt_bearer' && sources.length !== 1) {
    issues.add(
      path,
      'grant "jwt_bearer" needs exactly one of "assertion", "assertionFile" or "idp"',
    );
  }
  const scope = text('scope');
  if (scope !== undefined) auth.scope = scope;
  const clientName = text('clientName');
  if (clientName !== undefined) auth.clientName = clientName;
  if (raw.clientMetadataUrl !== undefined) {
    const url = absoluteUrl(raw.clientMetadataUrl, at('clientMetadataUrl'), issues);
    if (url !== undefined) auth.clientMetadataUrl = url;
  }
  if (raw.redirectUri !== undefined) {
    const url = absoluteUrl(raw.redirectUri, at('redirectUri'), issues);
    if (url !== undefined) auth.redirectUri = url;
  }
  if (raw.tokenEndpointAuthMethod !== undefined) {
    const method = oneOf(
      raw.tokenEndpointAuthMethod,
      at('tokenEndpointAuthMethod'),
      issues,
      METHODS,
    );
    if (method) auth.tokenEndpointAuthMethod = method;
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
    issues.add(
      path,
      'grant "client_credentials" with a clientId needs "clientSecret" or "privateKey"',
    );
  }
  return auth;
}

/** `issuer`, `authorizationServers` (pins) and `metadataOrigins` of an upstream's `auth`. */
function parseTrust(raw: JsonObject, path: string, auth: UpstreamAuthConfig, issues: Issues): void {
  const at = (key: string) => child(path, key);
  const issuerOf = (value: unknown, where: string): string | undefined => {
    const text = absoluteUrl(value, where, issues);
    if (text === undefined) return undefined;
    if (/[?#]/.test(text)) return issues.add(where, 'an issuer has no query or fragment');
    return text;
  };
  const pins: string[] = [];
  if (raw.issuer !== undefined) {
    const issuer = issuerOf(raw.issuer, at('issuer'));
    if (issuer !== undefined) pins.push(issuer);
  }
  if (raw.authorizationServers !== undefined) {
    const list = stringArray(raw.authorizationServers, at('authorizationServers'), issues, {
      nonEmptyItems: true,
    });
    list?.forEach((entry, i) => {
      const issuer = issuerOf(entry, item(at('authorizationServers'), i));
      if (issuer !== undefined && !pins.includes(issuer)) pins.push(issuer);
    });
  }
  if (pins.length > 0) auth.authorizationServers = pins;
  if (raw.metadataOrigins !== undefined) {
    const list = stringArray(raw.metadataOrigins, at('metadataOrigins'), issues, {
      nonEmptyItems: true,
    });
    const origins: string[] = [];
    list?.forEach((entry, i) => {
      const url = absoluteUrl(entry, item(at('metadataOrigins'), i), issues);
      if (url !== undefined) origins.push(new URL(url).origin);
    });
    if (list) auth.metadataOrigins = origins;
  }
}

const IDP_KEYS = new Set(['tokenEndpoint', 'clientId', 'clientSecret', 'idToken', 'idTokenFile']);

function parseIdp(
  value: unknown,
  path: string,
  context: { env: Env; baseDir?: string; lenient: boolean },
  issues: Issues,
): IdpConfig | undefined {
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, IDP_KEYS, issues);
  const at = (key: string) => child(path, key);
  const tokenEndpoint =
    raw.tokenEndpoint === undefined
      ? issues.add(at('tokenEndpoint'), 'required')
      : absoluteUrl(raw.tokenEndpoint, at('tokenEndpoint'), issues);
  if (tokenEndpoint === undefined) return undefined;
  const idp: IdpConfig = { tokenEndpoint };
  for (const key of ['clientId', 'clientSecret', 'idToken', 'idTokenFile'] as const) {
    if (raw[key] === undefined) continue;
    const text = string(raw[key], at(key), issues);
    if (text !== undefined)
      idp[key] = substituteEnv(text, at(key), context.env, issues, context.lenient);
  }
  if (
    idp.idTokenFile !== undefined &&
    !isAbsolute(idp.idTokenFile) &&
    context.baseDir !== undefined
  ) {
    idp.idTokenFile = resolve(context.baseDir, idp.idTokenFile);
  }
  if ((idp.idToken === undefined) === (idp.idTokenFile === undefined)) {
    issues.add(path, 'give exactly one of "idToken" or "idTokenFile"');
  }
  return idp;
}

export function parseFacadeAuth(
  value: unknown,
  env: Env,
  issues: Issues,
): FacadeAuthConfig | undefined {
  const path = 'mcpMux.auth';
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, FACADE_AUTH_KEYS, issues);
  const at = (key: string) => child(path, key);
  const auth: FacadeAuthConfig = { tokens: {} };
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
    if (jwt) auth.jwt = jwt;
  }
  if (raw.resource !== undefined) {
    const resource = absoluteUrl(raw.resource, at('resource'), issues);
    if (resource !== undefined) auth.resource = resource;
  }
  for (const key of ['authorizationServers', 'scopesSupported', 'requiredScopes'] as const) {
    if (raw[key] === undefined) continue;
    const list = stringArray(raw[key], at(key), issues, { nonEmptyItems: true });
    if (list) auth[key] = list;
  }
  return auth;
}

function parseJwt(value: unknown, path: string, env: Env, issues: Issues): JwtConfig | undefined {
  const raw: JsonObject | undefined = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, JWT_KEYS, issues);
  const at = (key: string) => child(path, key);
  const issuer =
    raw.issuer === undefined
      ? issues.add(at('issuer'), 'required')
      : string(raw.issuer, at('issuer'), issues);
  if (issuer === undefined) return undefined;
  const jwt: JwtConfig = { issuer };
  if (raw.audience !== undefined) {
    const audience =
      typeof raw.audience === 'string'
        ? [raw.audience]
        : stringArray(raw.audience, at('audience'), issues);
    if (audience) jwt.audience = audience;
  }
  if (raw.jwksUrl !== undefined) {
    const url = absoluteUrl(raw.jwksUrl, at('jwksUrl'), issues);
    if (url !== undefined) jwt.jwksUrl = url;
  }
  if (raw.publicKey !== undefined) {
    const key = string(raw.publicKey, at('publicKey'), issues);
    if (key !== undefined) jwt.publicKey = substituteEnv(key, at('publicKey'), env, issues, false);
  }
  if (raw.jwksUrl === undefined && raw.publicKey === undefined) {
    issues.add(path, 'give "jwksUrl" or "publicKey"');
  } else if (raw.jwksUrl !== undefined && raw.publicKey !== undefined) {
    issues.add(path, 'give "jwksUrl" or "publicKey", not both');
  }
  if (raw.algorithms !== undefined) {
    const algorithms = stringArray(raw.algorithms, at('algorithms'), issues, {
      nonEmptyItems: true,
    });
    if (algorithms) jwt.algorithms = algorithms;
  }
  return jwt;
}

/**
 * A rule's `principals` (patterns of `access` and `rateLimits`): a list of `*`, `token:…`,
 * `sub:…`, `scope:…`, `client:…`; a bad pattern is an issue naming it.
 */
export function rulePrincipals(value: unknown, at: string, issues: Issues): string[] | undefined {
  const principals = stringArray(value, child(at, 'principals'), issues);
  for (const [i, p] of (principals ?? []).entries()) {
    if (!PRINCIPAL.test(p)) {
      issues.add(
        item(child(at, 'principals'), i),
        `expected "*" or token:NAME, sub:SUBJECT, scope:SCOPE, client:ID, got ${JSON.stringify(p)}`,
      );
    }
  }
  return principals;
}

/** `rule` with the `upstreams` and `tools` globs of `raw`, when given (absent: all). */
export function withRuleScope<R extends { upstreams?: string[]; tools?: string[] }>(
  rule: R,
  raw: Record<string, unknown>,
  at: string,
  issues: Issues,
): R {
  for (const key of ['upstreams', 'tools'] as const) {
    if (raw[key] === undefined) continue;
    const globs = stringArray(raw[key], child(at, key), issues, { nonEmptyItems: true });
    if (globs) rule[key] = globs;
  }
  return rule;
}

export function parseAccess(value: unknown, issues: Issues): AccessRule[] | undefined {
  const path = 'mcpMux.access';
  if (!Array.isArray(value)) return issues.add(path, 'expected an array of rules');
  const rules: AccessRule[] = [];
  value.forEach((entry, index) => {
    const at = item(path, index);
    const raw = object(entry, at, issues);
    if (!raw) return;
    knownKeys(raw, at, RULE_KEYS, issues);
    if (raw.principals === undefined) {
      issues.add(child(at, 'principals'), 'required');
      return;
    }
    const principals = rulePrincipals(raw.principals, at, issues);
    if (!principals) return;
    rules.push(withRuleScope<AccessRule>({ principals }, raw, at, issues));
  });
  return rules;
}
