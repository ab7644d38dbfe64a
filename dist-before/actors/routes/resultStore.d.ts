export declare const RESULT_URI_PREFIX = "mcp-mux://results/";
export interface ResultStoreOptions {
    /** Bytes of all kept results together (default 64 MiB). */
    readonly maxBytes?: number;
    /** How long a result stays readable (default 10 minutes). */
    readonly ttlMs?: number;
    /** A result larger than this is read in chunks of at most this many bytes (default 1 MiB). */
    readonly chunkBytes?: number;
    /** The router's clock (its scheduler). */
    readonly now: () => number;
}
export interface StoredResult {
    readonly owner: string;
    /** The result's JSON text in pieces of at most `chunkBytes` (one piece: not chunked). */
    readonly chunks: readonly string[];
    readonly bytes: number;
    readonly expires: number;
}
export declare const RESULT_STORE_DEFAULTS: {
    readonly maxBytes: number;
    readonly ttlMs: number;
    readonly chunkBytes: number;
};
export declare class ResultStore {
    #private;
    constructor(options: ResultStoreOptions);
    /** Bytes kept now (expired results count until the next use drops them). */
    get bytes(): number;
    get size(): number;
    /**
     * Keeps `text` (`bytes` UTF-8 bytes) for `owner`: its id and chunk count, or undefined when
     * it is larger than the whole store.
     */
    put(owner: string, text: string, bytes: number): {
        id: string;
        chunks: number;
    } | undefined;
    /** The result `id` if it is still kept and belongs to `owner`. */
    get(owner: string, id: string): StoredResult | undefined;
}
