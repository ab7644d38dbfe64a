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
 * The interactive step (a browser) is `authorize`: `mcp-mux login` passes one that prints the
 * URL and waits on a loopback redirect. A running router has none and fails with an error
 * naming the login command. Tokens live in the token store and never reach a log or error.
 */

import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { exportJWK, importPKCS8, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { type Logger, silentLogger } from '../../../core/log.js';
import { type Discovered, discover, requestOptions } from './discovery.js';
import type { AuthChallenge, HttpAuth } from './httpAuth.js';
import { exchangeForIdJag, type IdpConfig } from './idp.js';
import type { StoredClient, StoredCredentials, TokenStore } from './tokenStore.js';
import { parseBearerChallenge } from './wwwAuthenticate.js';

export type TokenEndpointAuthMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt'
  | 'none';

export interface OAuthClientOptions {
  /** The server's name: the key of its credentials in the store. */
  server: string;
  /** The MCP endpoint. */
  url: URL;
  store: TokenStore;
  grant?: 'authorization_code' | 'client_credentials' | 'jwt_bearer';
  /** `jwt_bearer`: the assertion, or a file holding it (read at each grant: workload tokens rotate). */
  assertion?: string;
  assertionFile?: string;
  /** `jwt_bearer`, enterprise-managed: the assertion is an ID-JAG from this IdP (idp.ts). */
  idp?: IdpConfig;
  /** A pre-registered client. */
  clientId?: string;
  clientSecret?: string;
  /** PKCS#8 PEM for `private_key_jwt`, and its algorithm (default ES256). */
  privateKey?: string;
  privateKeyAlgorithm?: string;
  /** An HTTPS URL serving this client's metadata document (used as client_id when supported). */
  clientMetadataUrl?: string;
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /** Space-separated scopes asked for when the challenge names none. */
  scope?: string;
  clientName?: string;
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

type DpopKeys = Awaited<ReturnType<typeof oauth.generateKeyPair>>;

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
/** Refresh this long before the expiry the server announced. */
const EXPIRY_SKEW_MS = 30_000;

/** Thrown when only a person can continue: the message says how. */
export class LoginRequiredError extends Error {
  override readonly name = 'LoginRequiredError';
}

/**
 * `client_secret_basic` as servers read it: `id:secret` with the RFC 6749 §2.3.1 form
 * encoding, which leaves `-`, `.`, `_`, `~` as they are (oauth4webapi escapes them too, and
 * servers that decode only Base64 then see a different client_id).
 */
const basicAuth =
  (secret: string): oauth.ClientAuth =>
  (_as, client, _body, headers) => {
    const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
    const credentials = `${encode(client.client_id)}:${encode(secret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  };

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
  #dpop: Promise<{ keys: DpopKeys; handle: oauth.DPoPHandle }> | undefined;
  /** The resource server's last DPoP nonce (RFC 9449 §9). */
  #resourceNonce: string | undefined;

  constructor(options: OAuthClientOptions) {
    this.#o = options;
    this.#log = options.log ?? silentLogger;
  }

  get #redirectUri(): string {
    return this.#o.redirectUri ?? DEFAULT_REDIRECT_URI;
  }

  async headers(method: string, url: URL): Promise<Record<string, string>> {
    const token = await this.#token();
    if (token === undefined) return {};
    if (!this.#o.dpop || this.#credentials?.tokenType?.toLowerCase() !== 'dpop') {
      return { authorization: `Bearer ${token}` };
    }
    return { authorization: `DPoP ${token}`, dpop: await this.#proof(method, url, token) };
  }

  /** One DPoP proof for a resource request (RFC 9449 §4.2, with `ath` and the nonce). */
  async #proof(method: string, url: URL, token: string): Promise<string> {
    const { keys } = await this.#dpopKeys();
    const jwk = await exportJWK(keys.publicKey);
    return new SignJWT({
      htm: method,
      htu: `${url.origin}${url.pathname}`,
      ath: createHash('sha256').update(token).digest('base64url'),
      ...(this.#resourceNonce === undefined ? {} : { nonce: this.#resourceNonce }),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt()
      .setJti(randomUUID())
      .sign(keys.privateKey);
  }

  /** One key per client; the token endpoint's proofs come from oauth4webapi's handle on it. */
  #dpopKeys(): Promise<{ keys: DpopKeys; handle: oauth.DPoPHandle }> {
    this.#dpop ??= oauth
      .generateKeyPair('ES256', { extractable: true })
      .then((keys) => ({ keys, handle: oauth.DPoP({}, keys) }));
    return this.#dpop;
  }

  /** Token endpoint options with the DPoP handle when DPoP is on. */
  async #dpopOptions<T extends object>(options: T): Promise<T & { DPoP?: oauth.DPoPHandle }> {
    return this.#o.dpop ? { ...options, DPoP: (await this.#dpopKeys()).handle } : options;
  }

  /** Runs a token request once more after a `use_dpop_nonce` answer (the nonce is cached). */
  async #nonceRetry<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (this.#o.dpop && oauth.isDPoPNonceError(error)) return run();
      throw error;
    }
  }

  async #token(): Promise<string | undefined> {
    await this.#running?.catch(() => {});
    const credentials = await this.#load();
    if (credentials?.accessToken === undefined) return undefined;
    const expired =
      credentials.expiresAt !== undefined && credentials.expiresAt - EXPIRY_SKEW_MS <= Date.now();
    const machine = this.#o.grant === 'client_credentials' || this.#o.grant === 'jwt_bearer';
    if (expired && (credentials.refreshToken || machine)) {
      await this.#single(() => this.#renew(undefined)).catch((error: unknown) => {
        this.#log.warn('token refresh failed', { error: String(error) });
      });
    }
    return this.#credentials?.accessToken;
  }

  async challenge(status: number, response: AuthChallenge): Promise<boolean> {
    const challenge = parseBearerChallenge(response.wwwAuthenticate) ?? {};
    if (
      status === 401 &&
      challenge.error === 'use_dpop_nonce' &&
      this.#o.dpop &&
      response.dpopNonce
    ) {
      // RFC 9449 §9: the resource wants a nonce in the proof; the request is sent again.
      this.#resourceNonce = response.dpopNonce;
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
    this.#discovered = await discover(this.#o.url, metadataUrl);
    return this.#discovered;
  }

  /** Refresh token grant (or a new machine grant). False when not possible. */
  async #renew(metadataUrl: string | undefined): Promise<boolean> {
    const credentials = await this.#load();
    if (this.#o.grant === 'client_credentials' || this.#o.grant === 'jwt_bearer') {
      await this.#authorizeFully(metadataUrl, credentials?.scope);
      return true;
    }
    const refreshToken = credentials?.refreshToken;
    if (!refreshToken || !credentials?.client) return false;
    const found = await this.#discover(metadataUrl);
    if (found.as.issuer !== credentials.issuer) return false;
    const { client, auth } = await this.#clientAuth(found, credentials.client);
    const tokens = await this.#nonceRetry(async () => {
      const res = await oauth.refreshTokenGrantRequest(
        found.as,
        client,
        auth,
        refreshToken,
        await this.#dpopOptions({
          ...requestOptions(new URL(found.as.token_endpoint ?? found.as.issuer)),
          additionalParameters: { resource: found.resourceIndicator },
        }),
      );
      return oauth.processRefreshTokenResponse(found.as, client, res);
    });
    await this.#store(
      found,
      credentials.client,
      tokens,
      credentials.scope,
      credentials.refreshToken,
    );
    this.#log.info('access token refreshed');
    return true;
  }

  async #authorizeFully(
    metadataUrl: string | undefined,
    challengedScope: string | undefined,
  ): Promise<void> {
    const found = await this.#discover(metadataUrl);
    const previous = await this.#load();
    const sameServer =
      previous?.issuer === found.as.issuer && previous.resource === found.resourceIndicator;
    const scope = this.#scopeFor(found, challengedScope);
    const registered = await this.#client(found, sameServer ? previous?.client : undefined);
    const { client, auth } = await this.#clientAuth(found, registered);
    const options = requestOptions(new URL(found.as.token_endpoint ?? found.as.issuer));
    if (this.#o.grant === 'jwt_bearer') {
      // RFC 7523 §2.1; an error is final (no retry, no other grant): the assertion decides.
      const assertion = this.#o.idp
        ? await exchangeForIdJag(this.#o.idp, found.as.issuer, found.resourceIndicator, scope)
        : (this.#o.assertion ?? (await readFile(this.#o.assertionFile ?? '', 'utf8')).trim());
      const parameters: Record<string, string> = { assertion, resource: found.resourceIndicator };
      if (scope) parameters.scope = scope;
      const tokens = await this.#nonceRetry(async () => {
        const res = await oauth.genericTokenEndpointRequest(
          found.as,
          client,
          auth,
          JWT_BEARER,
          parameters,
          await this.#dpopOptions(options),
        );
        return oauth.processGenericTokenEndpointResponse(found.as, client, res);
      });
      await this.#store(found, registered, tokens, scope, undefined);
      return;
    }
    if (this.#o.grant === 'client_credentials') {
      const parameters: Record<string, string> = { resource: found.resourceIndicator };
      if (scope) parameters.scope = scope;
      const tokens = await this.#nonceRetry(async () => {
        const res = await oauth.clientCredentialsGrantRequest(
          found.as,
          client,
          auth,
          parameters,
          await this.#dpopOptions(options),
        );
        return oauth.processClientCredentialsResponse(found.as, client, res);
      });
      await this.#store(found, registered, tokens, scope, undefined);
      return;
    }
    const methods = found.as.code_challenge_methods_supported;
    if (found.asPublished && !methods?.includes('S256')) {
      throw new Error(
        `the authorization server ${found.as.issuer} does not support PKCE with S256; refusing to authorize`,
      );
    }
    if (!this.#o.authorize) {
      throw new LoginRequiredError(
        `upstream ${this.#o.server} needs an interactive login: run \`mcp-mux login ${this.#o.server} --config FILE\``,
      );
    }
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(found.as.authorization_endpoint ?? `${found.as.issuer}/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('redirect_uri', this.#redirectUri);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('state', state);
    url.searchParams.set('resource', found.resourceIndicator);
    if (scope) url.searchParams.set('scope', scope);
    const callback = await this.#o.authorize(url);
    // Checks `state`, an `error` answer, and `iss` (exact match; required when advertised).
    const parameters = oauth.validateAuthResponse(found.as, client, callback, state);
    const tokens = await this.#nonceRetry(async () => {
      const res = await oauth.authorizationCodeGrantRequest(
        found.as,
        client,
        auth,
        parameters,
        this.#redirectUri,
        verifier,
        await this.#dpopOptions({
          ...options,
          additionalParameters: { resource: found.resourceIndicator },
        }),
      );
      return oauth.processAuthorizationCodeResponse(found.as, client, res);
    });
    await this.#store(found, registered, tokens, scope, undefined);
    this.#log.info('authorized', { issuer: found.as.issuer, scope: tokens.scope ?? scope ?? '' });
  }

  /** The challenge's scope, else the configured one, else everything the resource lists. */
  #scopeFor(found: Discovered, challenged: string | undefined): string | undefined {
    const base = challenged ?? this.#o.scope ?? found.resource?.scopes_supported?.join(' ');
    // Ask for a refresh token where the server offers offline access (spec 2026-07-28).
    const offline =
      (this.#o.grant ?? 'authorization_code') === 'authorization_code' &&
      found.as.scopes_supported?.includes('offline_access') === true;
    return offline ? union(base, 'offline_access') : base || undefined;
  }

  async #client(found: Discovered, stored: StoredClient | undefined): Promise<StoredClient> {
    if (this.#o.clientId !== undefined) {
      return {
        client_id: this.#o.clientId,
        ...(this.#o.clientSecret === undefined ? {} : { client_secret: this.#o.clientSecret }),
        ...(this.#o.tokenEndpointAuthMethod
          ? { token_endpoint_auth_method: this.#o.tokenEndpointAuthMethod }
          : {}),
      };
    }
    if (stored) return stored;
    const cimd = this.#o.clientMetadataUrl;
    if (cimd && found.as.client_id_metadata_document_supported === true) {
      return { client_id: cimd, token_endpoint_auth_method: 'none' };
    }
    if (!found.as.registration_endpoint) {
      throw new Error(
        `the authorization server ${found.as.issuer} offers no dynamic client registration: configure auth.clientId`,
      );
    }
    if (this.#o.grant === 'jwt_bearer') {
      throw new Error('grant "jwt_bearer" needs auth.clientId (the workload identity client)');
    }
    const grantTypes =
      this.#o.grant === 'client_credentials'
        ? ['client_credentials']
        : ['authorization_code', 'refresh_token'];
    const metadata: Partial<oauth.Client> = {
      client_name: this.#o.clientName ?? 'mcp-mux',
      grant_types: grantTypes,
      application_type: 'native',
      ...(this.#o.grant === 'client_credentials'
        ? {}
        : { redirect_uris: [this.#redirectUri], response_types: ['code'] }),
      ...(this.#o.tokenEndpointAuthMethod
        ? { token_endpoint_auth_method: this.#o.tokenEndpointAuthMethod }
        : {}),
    };
    const res = await oauth.dynamicClientRegistrationRequest(
      found.as,
      metadata,
      requestOptions(new URL(found.as.registration_endpoint)),
    );
    // Read leniently: servers commonly omit `client_secret_expires_at`, which RFC 7591 requires
    // with a secret (and oauth4webapi insists on).
    const client = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if ((res.status !== 201 && res.status !== 200) || typeof client?.client_id !== 'string') {
      throw new Error(
        `dynamic client registration at ${found.as.issuer} failed: HTTP ${res.status}`,
      );
    }
    this.#log.info('registered a client', { issuer: found.as.issuer });
    return {
      client_id: client.client_id,
      ...(typeof client.client_secret === 'string' ? { client_secret: client.client_secret } : {}),
      ...(typeof client.token_endpoint_auth_method === 'string'
        ? { token_endpoint_auth_method: client.token_endpoint_auth_method }
        : {}),
    };
  }

  /** The token endpoint authentication: the registered method, else what the server supports. */
  async #clientAuth(
    found: Discovered,
    stored: StoredClient,
  ): Promise<{ client: oauth.Client; auth: oauth.ClientAuth }> {
    const client: oauth.Client = { client_id: stored.client_id };
    if (this.#o.privateKey !== undefined && stored.client_id === this.#o.clientId) {
      const key = await importPKCS8(this.#o.privateKey, this.#o.privateKeyAlgorithm ?? 'ES256');
      return { client, auth: oauth.PrivateKeyJwt(key) };
    }
    const secret = stored.client_secret;
    const supported = found.as.token_endpoint_auth_methods_supported;
    let method = stored.token_endpoint_auth_method;
    if (method === undefined) {
      if (secret === undefined) method = 'none';
      else if (!supported || supported.includes('client_secret_basic'))
        method = 'client_secret_basic';
      else if (supported.includes('client_secret_post')) method = 'client_secret_post';
      else method = 'none';
    }
    if (method === 'client_secret_basic' && secret !== undefined)
      return { client, auth: basicAuth(secret) };
    if (method === 'client_secret_post' && secret !== undefined)
      return { client, auth: oauth.ClientSecretPost(secret) };
    return { client, auth: oauth.None() };
  }

  async #store(
    found: Discovered,
    client: StoredClient,
    tokens: oauth.TokenEndpointResponse,
    requestedScope: string | undefined,
    previousRefresh: string | undefined,
  ): Promise<void> {
    const refreshToken = tokens.refresh_token ?? previousRefresh;
    const scope = tokens.scope ?? requestedScope;
    await this.#save({
      issuer: found.as.issuer,
      resource: found.resourceIndicator,
      client,
      accessToken: tokens.access_token,
      tokenType: tokens.token_type,
      ...(refreshToken === undefined ? {} : { refreshToken }),
      ...(tokens.expires_in === undefined
        ? {}
        : { expiresAt: Date.now() + tokens.expires_in * 1000 }),
      ...(scope === undefined ? {} : { scope }),
    });
  }
}
