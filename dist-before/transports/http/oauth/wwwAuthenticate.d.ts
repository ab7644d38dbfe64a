/**
 * The `Bearer` challenge of a `WWW-Authenticate` header (RFC 6750 §3, RFC 9728 §5.1): the
 * parameters an MCP client acts on.
 */
export interface BearerChallenge {
    /** RFC 9728: where the protected resource metadata is. */
    resourceMetadata?: string;
    /** Space-separated scopes the resource asks for (step-up on `insufficient_scope`). */
    scope?: string;
    /** `invalid_token`, `insufficient_scope`, … */
    error?: string;
}
/** The Bearer challenge's parameters, or undefined when the header has no Bearer challenge. */
export declare function parseBearerChallenge(header: string | undefined): BearerChallenge | undefined;
