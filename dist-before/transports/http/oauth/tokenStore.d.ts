export interface StoredClient {
    client_id: string;
    client_secret?: string;
    token_endpoint_auth_method?: string;
}
export interface StoredCredentials {
    /** The authorization server that issued them. */
    issuer: string;
    /** The resource indicator they were requested for. */
    resource: string;
    client?: StoredClient;
    accessToken?: string;
    /** `Bearer` or `DPoP` (a DPoP-bound token is presented with a proof). */
    tokenType?: string;
    refreshToken?: string;
    /** Epoch ms; absent: unknown. */
    expiresAt?: number;
    /** Scopes granted (or requested, when the server did not say). */
    scope?: string;
}
/** `$XDG_STATE_HOME/mcp-mux/tokens.json`, else `~/.local/state/mcp-mux/tokens.json`. */
export declare function defaultTokenFile(env?: Record<string, string | undefined>): string;
export interface TokenStore {
    load(server: string): Promise<StoredCredentials | undefined>;
    save(server: string, credentials: StoredCredentials | undefined): Promise<void>;
}
/** In memory only (tests, the conformance driver). */
export declare function memoryTokenStore(): TokenStore;
export declare class FileTokenStore implements TokenStore {
    #private;
    readonly path: string;
    constructor(path: string);
    load(server: string): Promise<StoredCredentials | undefined>;
    save(server: string, credentials: StoredCredentials | undefined): Promise<void>;
}
