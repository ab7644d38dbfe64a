export declare const MAX_OAUTH_BODY_BYTES: number;
export declare const OAUTH_TIMEOUT_MS = 10000;
export declare const MAX_OAUTH_REDIRECTS = 3;
export interface BoundedFetchOptions {
    /** Default 1 MiB. */
    maxBytes?: number;
    /** The whole exchange, body included; default 10 s. */
    timeoutMs?: number;
    /** Same-origin redirects followed (GET/HEAD only); default 3. */
    maxRedirects?: number;
    /** Throws for a URL that may not be fetched; default `requireSecureUrl`. */
    checkUrl?: (url: URL) => void;
}
export declare function boundedFetch(input: string | URL, init?: RequestInit, options?: BoundedFetchOptions): Promise<Response>;
/** `boundedFetch` in the shape oauth4webapi's and jose's `customFetch` option expect. */
export declare const customFetchOf: (options?: BoundedFetchOptions) => (url: string, init: RequestInit) => Promise<Response>;
