/**
 * What an HTTP client transport asks of its authorization: the credential headers of each
 * request, and what to do about a 401/403. The OAuth client implements it; a transport
 * without one sends only its configured headers.
 */
export interface HttpAuth {
    /**
     * The credential headers of one request: `authorization` (`Bearer …` or `DPoP …`) and, for
     * DPoP-bound tokens, a fresh `dpop` proof for `method` and `url`. Empty without a credential.
     */
    headers(method: string, url: URL): Promise<Record<string, string>>;
    /**
     * The server refused the request (`status` 401 or 403) with this `WWW-Authenticate` (and,
     * for DPoP, a `DPoP-Nonce`).
     * Resolves true when new credentials were obtained and the request should be sent again;
     * false when nothing can be done (the transport then fails as refused). Rejects with an
     * error that says what the user must do (e.g. run `mcp-mux login`).
     */
    challenge(status: number, response: AuthChallenge): Promise<boolean>;
}
export interface AuthChallenge {
    wwwAuthenticate: string | undefined;
    dpopNonce: string | undefined;
}
/** Retries of one request after a challenge; a server that keeps refusing is not looped on. */
export declare const MAX_AUTH_RETRIES = 2;
