/**
 * Who is calling: established by a facade's protection (transports/http/
 * protection.ts) from a static bearer token or a validated JWT, carried by the session's
 * transport, and read by the access policy. Never holds the token itself.
 */
export interface Principal {
  /** Stable key: `token:<name>`, or `jwt:<issuer>#<subject>`; sessions are bound to it. */
  readonly id: string;
  /** The static token's name (`mcpMux.auth.tokens`), when that is how it authenticated. */
  readonly tokenName?: string;
  /** The JWT's `sub`. */
  readonly subject?: string;
  /** The JWT's `client_id` (or `azp`). */
  readonly clientId?: string;
  /** Granted scopes (`scope` / `scp` claims); empty for static tokens. */
  readonly scopes: readonly string[];
}
