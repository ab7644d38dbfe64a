/**
 * The token grants of the OAuth client (oauthClient.ts), one function each, on oauth4webapi:
 * refresh, JWT bearer (RFC 7523), client credentials, and the authorization code grant with
 * PKCE. Every token request carries the `resource` indicator (RFC 8707), is DPoP-bound when
 * DPoP is on, and is sent once more after a `use_dpop_nonce` answer (dpop.ts). What the store
 * keeps of a token response is `credentialsOf`.
 *
 * Nothing here decides which grant runs, when, or what is saved: the client does.
 */
import * as oauth from 'oauth4webapi';
import { type Discovered, requestOptions } from './discovery.js';
import { type Dpop, retryOnNonce } from './dpop.js';
import type { StoredClient, StoredCredentials } from './tokenStore.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** What every grant needs: the server found by discovery, the client and how it authenticates. */
export interface GrantContext {
  found: Discovered;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  /** Set when tokens are DPoP-bound. */
  dpop: Dpop | undefined;
}

type Tokens = oauth.TokenEndpointResponse;

/** The token endpoint's request options, with DPoP when it is on. */
async function endpointOptions(
  ctx: GrantContext,
  additionalParameters?: Record<string, string>,
): Promise<oauth.TokenEndpointRequestOptions> {
  const base = {
    ...requestOptions(new URL(ctx.found.as.token_endpoint ?? ctx.found.as.issuer)),
    ...(additionalParameters === undefined ? {} : { additionalParameters }),
  };
  return ctx.dpop ? ctx.dpop.options(base) : base;
}

/** `resource`, and `scope` when there is one: the parameters of a machine grant. */
function withScope(
  ctx: GrantContext,
  scope: string | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  const parameters: Record<string, string> = { ...extra, resource: ctx.found.resourceIndicator };
  if (scope) parameters.scope = scope;
  return parameters;
}

export function refreshGrant(ctx: GrantContext, refreshToken: string): Promise<Tokens> {
  const { found, client, auth } = ctx;
  return retryOnNonce(ctx.dpop, async () => {
    const res = await oauth.refreshTokenGrantRequest(
      found.as,
      client,
      auth,
      refreshToken,
      await endpointOptions(ctx, { resource: found.resourceIndicator }),
    );
    return oauth.processRefreshTokenResponse(found.as, client, res);
  });
}

/** RFC 7523 §2.1; an error is final (no retry, no other grant): the assertion decides. */
export function jwtBearerGrant(
  ctx: GrantContext,
  assertion: string,
  scope: string | undefined,
): Promise<Tokens> {
  const { found, client, auth } = ctx;
  return retryOnNonce(ctx.dpop, async () => {
    const res = await oauth.genericTokenEndpointRequest(
      found.as,
      client,
      auth,
      JWT_BEARER,
      withScope(ctx, scope, { assertion }),
      await endpointOptions(ctx),
    );
    return oauth.processGenericTokenEndpointResponse(found.as, client, res);
  });
}

export function clientCredentialsGrant(
  ctx: GrantContext,
  scope: string | undefined,
): Promise<Tokens> {
  const { found, client, auth } = ctx;
  return retryOnNonce(ctx.dpop, async () => {
    const res = await oauth.clientCredentialsGrantRequest(
      found.as,
      client,
      auth,
      withScope(ctx, scope),
      await endpointOptions(ctx),
    );
    return oauth.processClientCredentialsResponse(found.as, client, res);
  });
}

/** Refuses an authorization server that publishes its methods without S256 (PKCE). */
export function requirePkce(found: Discovered): void {
  const methods = found.as.code_challenge_methods_supported;
  if (found.asPublished && !methods?.includes('S256')) {
    throw new Error(
      `the authorization server ${found.as.issuer} does not support PKCE with S256; refusing to authorize`,
    );
  }
}

/**
 * The authorization code grant with PKCE (S256) and `state`: `authorize` is the browser step
 * (it resolves with the redirect's query); the answer is checked for `state`, an `error` and
 * `iss` (exact match; required when advertised) before the code is exchanged.
 */
export async function authorizationCodeGrant(
  ctx: GrantContext,
  redirectUri: string,
  scope: string | undefined,
  authorize: (url: URL) => Promise<URLSearchParams>,
): Promise<Tokens> {
  const { found, client, auth } = ctx;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(found.as.authorization_endpoint ?? `${found.as.issuer}/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('resource', found.resourceIndicator);
  if (scope) url.searchParams.set('scope', scope);
  const callback = await authorize(url);
  const parameters = oauth.validateAuthResponse(found.as, client, callback, state);
  return retryOnNonce(ctx.dpop, async () => {
    const res = await oauth.authorizationCodeGrantRequest(
      found.as,
      client,
      auth,
      parameters,
      redirectUri,
      verifier,
      await endpointOptions(ctx, { resource: found.resourceIndicator }),
    );
    return oauth.processAuthorizationCodeResponse(found.as, client, res);
  });
}

/** What the store keeps of a token response. */
export function credentialsOf(
  found: Discovered,
  client: StoredClient,
  tokens: Tokens,
  requestedScope: string | undefined,
  previousRefresh: string | undefined,
): StoredCredentials {
  const refreshToken = tokens.refresh_token ?? previousRefresh;
  const scope = tokens.scope ?? requestedScope;
  return {
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
  };
}
