/**
 * What an HTTP client transport asks of its authorization: the `Authorization` header for the
 * next request, and what to do about a 401/403. The OAuth client implements it; a transport
 * without one sends only its configured headers.
 */
export interface HttpAuth {
  /** The header value (`Bearer …`), or undefined when there is no credential yet. */
  authorization(): Promise<string | undefined>;
  /**
   * The server refused the request (`status` 401 or 403) with this `WWW-Authenticate`.
   * Resolves true when new credentials were obtained and the request should be sent again;
   * false when nothing can be done (the transport then fails as refused). Rejects with an
   * error that says what the user must do (e.g. run `mcp-mux login`).
   */
  challenge(status: number, wwwAuthenticate: string | undefined): Promise<boolean>;
}

/** Retries of one request after a challenge; a server that keeps refusing is not looped on. */
export const MAX_AUTH_RETRIES = 2;
