/**
 * The OAuth 2.1 client of one HTTP upstream (spec "Authorization", 2025-06-18 / 2025-11-25),
 * built on oauth4webapi for the protocol pieces:
 *
 * - discovery (discovery.ts) on the first 401, from its `WWW-Authenticate`;
 * - client identity in the spec's order: a configured (pre-registered) client, the client ID
 *   metadata document URL when the server supports it, dynamic client registration;
 * - the authorization code grant with PKCE (S256, refused when the server does not list it),
 *   `state`, the RFC 9207 `iss` check, and the `resource` parameter (RFC 8707) on every
 *   authorization and token request; or the client credentials grant (machine to machine);
 * - refresh before expiry and on `invalid_token`; scope step-up on 403 `insufficient_scope`
 *   with the union of the granted and the challenged scopes.
 *
 * The grants themselves are in grants.ts; this class decides which one runs and when, keeps
 * one authorization at a time, and saves what they return.
 *
 * The interactive step (a browser) is `authorize`: `mcp-mux login` passes one that prints the
 * URL and waits on a loopback redirect. A running router has none and fails with an error
 * naming the login command. Tokens live in the token store and never reach a log or error.
 */

import { readFile } from 'node:fs/promises';
import type { TokenEndpointResponse } from 'oauth4webapi';
import { type Logger, silentLogger } from '../../../core/log/index.js';
import { type ClientIdentityOptions, clientAuthentication, identify } from './clientIdentity.js';
import { type Discovered, discover } from './discovery.js';
import { Dpop } from './dpop.js';
import {
  authorizationCodeGrant,
  clientCredentialsGrant,
  credentialsOf,
  type GrantContext,
  jwtBearerGrant,
  refreshGrant,
  requirePkce,
} from './grants.js';
import type { AuthChallenge, HttpAuth } from './httpAuth.js';
import { exchangeForIdJag, type IdpConfig } from './idp.js';
import { checkCredentialTarget } from './issuerPolicy.js';
import type { StoredCredentials, TokenStore } from './tokenStore.js';
import { parseBearerChallenge } from './wwwAuthenticate.js';

export type { TokenEndpointAuthMethod } from './clientIdentity.js';

export interface OAuthClientOptions extends ClientIdentityOptions {
  /** The server's name: the key of its credentials in the store. */
  server: string;
  /** The MCP endpoint. */
  url: URL;
  store: TokenStore;
  /** `jwt_bearer`: the assertion, or a file holding it (read at each grant: workload tokens rotate). */
  assertion?: string;
  assertionFile?: string;
  /** `jwt_bearer`, enterprise-managed: the assertion is an ID-JAG from this IdP (idp.ts). */
  idp?: IdpConfig;
  /** Space-separated scopes asked for when the challenge names none. */
  scope?: string;
  /**
   * Pinned issuers: only these authorization servers are used, and only they see a configured
   * secret, key or assertion. Empty or absent: any for registration, the upstream's own origin
   * for configured credentials (issuerPolicy.ts).
   */
  authorizationServers?: readonly string[];
  /** Origins besides the upstream's own where its `resource_metadata` may point. */
  metadataOrigins?: readonly string[];
  /**
   * Request DPoP-bound tokens (RFC 9449) and present them with a fresh proof per request. The
   * key is made per process: stored DPoP tokens do not outlive it (refresh or log in again).
   */
  dpop?: boolean;
  /** Default `http://127.0.0.1:33418/callback` (the `mcp-mux login` listener). */
  redirectUri?: string;
  /** The browser step: resolves with the redirect's query parameters. */
  authorize?: (url: URL) => Promise<URLSearchParams>;
  log?: Logger;
}

export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
/** Refresh this long before the expiry the server announced. */
const EXPIRY_SKEW_MS = 30_000;

/** Thrown when only a person can continue: the message says how. */
export class LoginRequiredError extends Error {
  override readonly name = 'LoginRequiredError';
}

const union = (...scopes: (string | undefined)[]): string | undefined => {
  const all = new Set(scopes.flatMap((s) => s?.split(' ') ?? []).filter(Boolean));
  return all.size > 0 ? [...all].join(' ') : undefined;
};

export class OAuthClient implements HttpAuth {
  readonly #o: OAuthClientOptions;
  readonly #log: Logger;
  #credentials: StoredCredentials | undefined;
  #loaded = false;
  #discovered: Discovered | undefined;
  /** One authorization at a time: concurrent 401s wait for the same one. */
  #running: Promise<boolean> | undefined;
  /** DPoP when `dpop` is on (dpop.ts). */
  readonly #dpop: Dpop | undefined;

  constructor(options: OAuthClientOptions) {
    this.#o = options;
    this.#log = options.log ?? silentLogger;
    this.#dpop = options.dpop ? new Dpop() : undefined;
  }

  /** A machine grant (client credentials, JWT bearer): no person, no refresh token needed. */
  get #machine(): boolean {
    return this.#o.grant === 'client_credentials' || this.#o.grant === 'jwt_bearer';
  }

  get #redirectUri(): string {
    return this.#o.redirectUri ?? DEFAULT_REDIRECT_URI;
  }

  async headers(method: string, url: URL): Promise<Record<string, string>> {
    const token = await this.#token();
    if (token === undefined) return {};
    if (!this.#dpop || this.#credentials?.tokenType?.toLowerCase() !== 'dpop') {
      return { authorization: `Bearer ${token}` };
    }
    return { authorization: `DPoP ${token}`, dpop: await this.#dpop.proof(method, url, token) };
  }

  async #token(): Promise<string | undefined> {
    await this.#running?.catch(() => {});
    const credentials = await this.#load();
    if (credentials?.accessToken === undefined) return undefined;
    const expired =
      credentials.expiresAt !== undefined && credentials.expiresAt - EXPIRY_SKEW_MS <= Date.now();
    if (expired && (credentials.refreshToken || this.#machine)) {
      await this.#single(() => this.#renew(undefined)).catch((error: unknown) => {
        this.#log.warn('token refresh failed', { error: String(error) });
      });
    }
    return this.#credentials?.accessToken;
  }

  async challenge(status: number, response: AuthChallenge): Promise<boolean> {
    const challenge = parseBearerChallenge(response.wwwAuthenticate) ?? {};
    const dpop = this.#dpop;
    if (status === 401 && challenge.error === 'use_dpop_nonce' && dpop && response.dpopNonce) {
      // RFC 9449 §9: the resource wants a nonce in the proof; the request is sent again.
      dpop.resourceNonce = response.dpopNonce;
      return true;
    }
    if (status === 403 && challenge.error !== 'insufficient_scope') return false;
    if (status !== 401 && status !== 403) return false;
    return this.#single(async () => {
      const credentials = await this.#load();
      const stepUp = status === 403;
      if (!stepUp && credentials?.refreshToken) {
        const renewed = await this.#renew(challenge.resourceMetadata).catch(() => false);
        if (renewed) return true;
      }
      const scope = stepUp ? union(credentials?.scope, challenge.scope) : challenge.scope;
      await this.#authorizeFully(challenge.resourceMetadata, scope);
      return true;
    });
  }

  /**
   * The whole flow without a 401 first (`mcp-mux login`): probes the server for its challenge,
   * then authorizes.
   */
  async login(): Promise<void> {
    const res = await fetch(this.#o.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    const challenge = parseBearerChallenge(res.headers.get('www-authenticate') ?? undefined);
    await this.#single(async () => {
      await this.#authorizeFully(challenge?.resourceMetadata, challenge?.scope);
      return true;
    });
  }

  /** Forgets the stored credentials of this server. */
  async logout(): Promise<void> {
    this.#credentials = undefined;
    this.#loaded = true;
    await this.#o.store.save(this.#o.server, undefined);
  }

  #single(run: () => Promise<boolean>): Promise<boolean> {
    if (this.#running) return this.#running;
    const running = run().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #load(): Promise<StoredCredentials | undefined> {
    if (!this.#loaded) {
      this.#credentials = await this.#o.store.load(this.#o.server);
      this.#loaded = true;
    }
    return this.#credentials;
  }

  async #save(credentials: StoredCredentials): Promise<void> {
    this.#credentials = credentials;
    await this.#o.store.save(this.#o.server, credentials);
  }

  async #discover(metadataUrl: string | undefined): Promise<Discovered> {
    // A new resource_metadata URL may name another authorization server (a migration).
    if (this.#discovered && metadataUrl === undefined) return this.#discovered;
    this.#discovered = await discover(this.#o.url, metadataUrl, {
      issuers: this.#o.authorizationServers ?? [],
      metadataOrigins: this.#o.metadataOrigins ?? [],
    });
    return this.#discovered;
  }

  /** Refuses before a configured credential would reach an untrusted authorization server. */
  #checkCredentialTarget(found: Discovered): void {
    checkCredentialTarget(this.#o, found.as, this.#o.url, this.#o.authorizationServers ?? []);
  }

  /** Refresh token grant (or a new machine grant). False when not possible. */
  async #renew(metadataUrl: string | undefined): Promise<boolean> {
    const credentials = await this.#load();
    if (this.#machine) {
      await this.#authorizeFully(metadataUrl, credentials?.scope);
      return true;
    }
    const { store, server } = this.#o;
    const refresh = (current: StoredCredentials) => this.#refreshed(current, metadataUrl);
    // A shared store (several instances) refreshes once across them (clusterTokenStore.ts).
    const fresh = store.refreshShared
      ? await store.refreshShared(server, credentials, refresh)
      : credentials && (await refresh(credentials));
    if (!fresh) return false;
    if (store.refreshShared) this.#credentials = fresh;
    else await this.#save(fresh);
    return true;
  }

  /** The refresh token grant on `credentials`: the new credentials (not saved), or undefined. */
  async #refreshed(
    credentials: StoredCredentials,
    metadataUrl: string | undefined,
  ): Promise<StoredCredentials | undefined> {
    const refreshToken = credentials.refreshToken;
    if (!refreshToken || !credentials.client) return undefined;
    const found = await this.#discover(metadataUrl);
    if (found.as.issuer !== credentials.issuer) return undefined;
    this.#checkCredentialTarget(found);
    const { client, auth } = await clientAuthentication(this.#o, found, credentials.client);
    const tokens = await refreshGrant({ found, client, auth, dpop: this.#dpop }, refreshToken);
    this.#log.info('access token refreshed');
    return credentialsOf(found, credentials.client, tokens, credentials.scope, refreshToken);
  }

  /** A new grant of the configured kind, its credentials saved. */
  async #authorizeFully(
    metadataUrl: string | undefined,
    challengedScope: string | undefined,
  ): Promise<void> {
    const found = await this.#discover(metadataUrl);
    this.#checkCredentialTarget(found);
    const previous = await this.#load();
    const sameServer =
      previous?.issuer === found.as.issuer && previous.resource === found.resourceIndicator;
    const scope = this.#scopeFor(found, challengedScope);
    const registered = await identify(
      this.#o,
      this.#redirectUri,
      found,
      sameServer ? previous?.client : undefined,
      this.#log,
    );
    const { client, auth } = await clientAuthentication(this.#o, found, registered);
    const ctx: GrantContext = { found, client, auth, dpop: this.#dpop };
    const tokens = await this.#grant(ctx, scope);
    await this.#save(credentialsOf(found, registered, tokens, scope, undefined));
    if (!this.#machine) {
      this.#log.info('authorized', { issuer: found.as.issuer, scope: tokens.scope ?? scope ?? '' });
    }
  }

  /** The configured grant's token response. */
  async #grant(ctx: GrantContext, scope: string | undefined): Promise<TokenEndpointResponse> {
    const o = this.#o;
    if (o.grant === 'jwt_bearer') {
      const assertion = o.idp
        ? await exchangeForIdJag(o.idp, ctx.found.as.issuer, ctx.found.resourceIndicator, scope)
        : (o.assertion ?? (await readFile(o.assertionFile ?? '', 'utf8')).trim());
      return jwtBearerGrant(ctx, assertion, scope);
    }
    if (o.grant === 'client_credentials') return clientCredentialsGrant(ctx, scope);
    requirePkce(ctx.found);
    if (!o.authorize) {
      throw new LoginRequiredError(
        `upstream ${o.server} needs an interactive login: run \`mcp-mux login ${o.server} --config FILE\``,
      );
    }
    return authorizationCodeGrant(ctx, this.#redirectUri, scope, o.authorize);
  }

  /** The challenge's scope, else the configured one, else everything the resource lists. */
  #scopeFor(found: Discovered, challenged: string | undefined): string | undefined {
    const base = challenged ?? this.#o.scope ?? found.resource?.scopes_supported?.join(' ');
    // Ask for a refresh token where the server offers offline access (spec 2026-07-28).
    const offline =
      !this.#machine && found.as.scopes_supported?.includes('offline_access') === true;
    return offline ? union(base, 'offline_access') : base || undefined;
  }
}
