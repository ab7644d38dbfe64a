/**
 * Who may use a listener: static bearer tokens (unnamed, from
 * `MCP_MUX_TOKENS`, or named in `mcpMux.auth.tokens`) and JWT access tokens of one
 * authorization server (`mcpMux.auth.jwt`), checked with jose: signature (a JWKS URL, cached
 * and refetched on an unknown key, or a static key), `iss`, `aud`, `exp`/`nbf`, and the scopes
 * every request needs.
 *
 * The accepted audience is configuration, never a request header: `jwt.audience`, else the
 * configured `resource`, else the listener's own URLs (`http://<name><path>` for each `Host`
 * the listener accepts: bound address, loopback names, `allowedHosts`). Without `resource`
 * and without that Host check (`hosts` absent: a listener behind a proxy), JWT mode refuses
 * to start (`resourceProblem`). Principals of tokens: jwtPrincipal.ts.
 *
 * A refusal follows RFC 6750 / RFC 9728 and the MCP authorization spec: 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` (plus `error="invalid_token"` when a token
 * was sent), 403 `insufficient_scope` naming the scopes. The protected resource metadata it
 * points to is `metadata()`, served by the facade. No token is ever logged or echoed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { CryptoKey, JWTPayload, JWTVerifyGetKey } from 'jose';
import type { Principal } from '../../core/auth/index.js';
import type { JwtConfig } from '../../core/config/index.js';
import { principalOfClaims } from './jwtPrincipal.js';
import { customFetchOf, loadJose } from './oauth/index.js';

/** The JWKS fetch: 1 MiB at most, no redirects (jose asks for none); the URL is configured. */
const jwksFetch = customFetchOf({ checkUrl: () => {} });

export interface BearerAuthOptions {
  /** Unnamed static tokens (the principal is a digest of the token). */
  bearerTokens?: readonly string[];
  /** Named static tokens: the principal is `token:<name>`. */
  namedTokens?: Readonly<Record<string, string>>;
  jwt?: JwtConfig;
  /**
   * The facade's resource identifier (its public MCP URL): the `resource` of the metadata and
   * the default audience. Default: the listener's URL under the accepted `Host` names.
   */
  resource?: string;
  authorizationServers?: readonly string[];
  scopesSupported?: readonly string[];
  requiredScopes?: readonly string[];
}

export interface Rejection {
  status: number;
  message: string;
  headers: Record<string, string>;
}

export type Authentication = { principal: Principal | undefined } | { rejection: Rejection };

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Why these options cannot serve JWTs, or undefined: JWT mode needs the facade's public URL
 * (`resource`) unless the listener checks `Host` (`hostChecked`), since the audience and the
 * metadata's `resource` must not follow a header any client or proxy can set.
 */
export function resourceProblem(
  options: BearerAuthOptions,
  hostChecked: boolean,
): string | undefined {
  if (options.jwt === undefined || options.resource !== undefined || hostChecked) return undefined;
  return "JWT authentication without Host checking (behind a proxy: --no-host-check) needs mcpMux.auth.resource, the public URL of the MCP endpoint: tokens are accepted for it (or jwt.audience), never for a request's Host header";
}

export class BearerAuth {
  readonly #options: BearerAuthOptions;
  readonly #tokens: { digest: Buffer; principal: Principal }[] = [];
  readonly #path: string;
  /** The accepted `Host` names (`name:port`, bound address first); absent: not checked. */
  readonly #hosts: readonly string[] | undefined;
  /** The accepted `aud` values (JWT mode). */
  readonly #audience: string[];
  #key: Promise<CryptoKey | Uint8Array | JWTVerifyGetKey> | undefined;

  /**
   * `hosts`: the `Host` values the listener accepts (Protection's DNS-rebinding check), bound
   * address first; absent when `Host` is not checked.
   * @throws Error when `resourceProblem` names one
   */
  constructor(options: BearerAuthOptions, path: string, hosts?: readonly string[]) {
    this.#options = options;
    this.#path = path;
    this.#hosts = hosts && hosts.length > 0 ? hosts : undefined;
    const problem = resourceProblem(options, this.#hosts !== undefined);
    if (problem) throw new Error(problem);
    this.#audience =
      options.jwt?.audience ??
      (options.resource !== undefined
        ? [options.resource]
        : (this.#hosts ?? []).flatMap((host) => {
            // A URL on port 80 is written without it (`http://localhost/mcp`).
            const names = host.endsWith(':80') ? [host, host.slice(0, -3)] : [host];
            return names.map((name) => `http://${name}${path}`);
          }));
    for (const token of options.bearerTokens ?? []) {
      const id = `token:${digest(token).toString('hex').slice(0, 32)}`;
      this.#tokens.push({ digest: digest(token), principal: { id, scopes: [] } });
    }
    for (const [name, token] of Object.entries(options.namedTokens ?? {})) {
      this.#tokens.push({
        digest: digest(token),
        principal: { id: `token:${name}`, tokenName: name, scopes: [] },
      });
    }
  }

  /** Whether requests need a credential at all. */
  get enabled(): boolean {
    return this.#tokens.length > 0 || this.#options.jwt !== undefined;
  }

  /** An OAuth-protected listener (JWTs): it publishes protected resource metadata. */
  get oauth(): boolean {
    return this.#options.jwt !== undefined;
  }

  /**
   * The resource `req` addressed: the configured one, else the listener's URL under the
   * request's `Host` when the listener accepts that name, else under its bound address.
   */
  resourceOf(req: IncomingMessage): string {
    if (this.#options.resource !== undefined) return this.#options.resource;
    const host = req.headers.host?.toLowerCase();
    const known =
      host !== undefined && (this.#hosts?.includes(host) || this.#hosts?.includes(`${host}:80`));
    const name = known ? host : (this.#hosts?.[0] ?? 'localhost');
    return `http://${name}${this.#path}`;
  }

  metadataUrlOf(req: IncomingMessage): string {
    const resource = new URL(this.resourceOf(req));
    const path = resource.pathname === '/' ? '' : resource.pathname;
    return `${resource.origin}${METADATA_PATH}${path}`;
  }

  /** The protected resource metadata (RFC 9728) for the resource `req` addressed. */
  metadata(req: IncomingMessage): Record<string, unknown> {
    const jwt = this.#options.jwt;
    return {
      resource: this.resourceOf(req),
      authorization_servers: this.#options.authorizationServers ?? (jwt ? [jwt.issuer] : []),
      bearer_methods_supported: ['header'],
      ...(this.#options.scopesSupported ? { scopes_supported: this.#options.scopesSupported } : {}),
    };
  }

  async authenticate(req: IncomingMessage): Promise<Authentication> {
    if (!this.enabled) return { principal: undefined };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match)
      return { rejection: this.#unauthorized(req, 'a bearer token is required', undefined) };
    const token = match[1] ?? '';
    const given = digest(token);
    // Compare against every token so the time spent does not tell which one nearly matched.
    let found: Principal | undefined;
    for (const entry of this.#tokens) {
      if (timingSafeEqual(given, entry.digest) && found === undefined) found = entry.principal;
    }
    if (found) return { principal: found };
    if (!this.#options.jwt)
      return { rejection: this.#unauthorized(req, 'invalid bearer token', 'invalid_token') };
    let claims: JWTPayload;
    try {
      claims = await this.#verify(token);
    } catch (error) {
      const reason = (error as { code?: string }).code ?? 'invalid';
      return {
        rejection: this.#unauthorized(req, `invalid access token (${reason})`, 'invalid_token'),
      };
    }
    const principal = principalOfClaims(claims);
    if (principal === undefined) {
      const reason = 'invalid access token (it names no subject, sub, and no client, client_id)';
      return { rejection: this.#unauthorized(req, reason, 'invalid_token') };
    }
    const scopes = principal.scopes;
    const missing = (this.#options.requiredScopes ?? []).filter((s) => !scopes.includes(s));
    if (missing.length > 0) {
      const needed = (this.#options.requiredScopes ?? []).join(' ');
      return {
        rejection: {
          status: 403,
          message: `Forbidden: the token lacks the scope ${missing.join(' ')}`,
          headers: {
            'www-authenticate': `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${this.metadataUrlOf(req)}"`,
          },
        },
      };
    }
    return { principal };
  }

  async #verify(token: string): Promise<JWTPayload> {
    const jwt = this.#options.jwt as JwtConfig;
    this.#key ??= keyOf(jwt);
    const key = await this.#key;
    const options = {
      issuer: jwt.issuer,
      audience: this.#audience,
      requiredClaims: ['exp'],
      clockTolerance: 5,
      ...(jwt.algorithms ? { algorithms: jwt.algorithms } : {}),
    };
    const { jwtVerify } = await loadJose();
    const { payload } =
      typeof key === 'function'
        ? await jwtVerify(token, key, options)
        : await jwtVerify(token, key, options);
    return payload;
  }

  #unauthorized(req: IncomingMessage, reason: string, error: string | undefined): Rejection {
    const params: string[] = [];
    if (error) params.push(`error="${error}"`);
    if (this.oauth) params.push(`resource_metadata="${this.metadataUrlOf(req)}"`);
    return {
      status: 401,
      message: `Unauthorized: ${reason}`,
      headers: { 'www-authenticate': params.length > 0 ? `Bearer ${params.join(', ')}` : 'Bearer' },
    };
  }
}

async function keyOf(jwt: JwtConfig): Promise<CryptoKey | Uint8Array | JWTVerifyGetKey> {
  const { createRemoteJWKSet, customFetch, importJWK, importSPKI } = await loadJose();
  if (jwt.jwksUrl !== undefined) {
    // jose caches the set, refetches on an unknown `kid` (at most every 30 s), and times out.
    return createRemoteJWKSet(new URL(jwt.jwksUrl), {
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
      timeoutDuration: 5_000,
      [customFetch]: jwksFetch,
    });
  }
  const text = (jwt.publicKey ?? '').trim();
  if (text.startsWith('{')) {
    const jwk = JSON.parse(text) as { alg?: string };
    return importJWK(jwk, jwt.algorithms?.[0] ?? jwk.alg ?? 'RS256');
  }
  return importSPKI(text, jwt.algorithms?.[0] ?? 'RS256');
}
