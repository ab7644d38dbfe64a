/**
 * Whole `tools/call` results that were cut (`maxResultBytes`), kept for a while as resources
 * `mcp-mux://results/<id>` (chunks: `…/<id>/<n>`). Each belongs to the principal whose call
 * produced it. Bounded in total bytes (the oldest go first) and in time (on the router's
 * clock, checked at each use: no timers).
 */
import { randomBytes } from 'node:crypto';
import { utf8End } from './utf8Cut.js';
export const RESULT_URI_PREFIX = 'mcp-mux://results/';
export const RESULT_STORE_DEFAULTS = {
    maxBytes: 64 * 1024 * 1024,
    ttlMs: 10 * 60_000,
    chunkBytes: 1024 * 1024,
};
export class ResultStore {
    #maxBytes;
    #ttlMs;
    #chunkBytes;
    #now;
    /** In insertion order, which is expiry order (one TTL for all). */
    #results = new Map();
    #bytes = 0;
    constructor(options) {
        this.#maxBytes = options.maxBytes ?? RESULT_STORE_DEFAULTS.maxBytes;
        this.#ttlMs = options.ttlMs ?? RESULT_STORE_DEFAULTS.ttlMs;
        this.#chunkBytes = options.chunkBytes ?? RESULT_STORE_DEFAULTS.chunkBytes;
        this.#now = options.now;
    }
    /** Bytes kept now (expired results count until the next use drops them). */
    get bytes() {
        return this.#bytes;
    }
    get size() {
        return this.#results.size;
    }
    /**
     * Keeps `text` (`bytes` UTF-8 bytes) for `owner`: its id and chunk count, or undefined when
     * it is larger than the whole store.
     */
    put(owner, text, bytes) {
        this.#expire();
        if (bytes > this.#maxBytes)
            return undefined;
        for (const [id, result] of this.#results) {
            if (this.#bytes + bytes <= this.#maxBytes)
                break;
            this.#drop(id, result);
        }
        const chunks = [];
        if (bytes <= this.#chunkBytes)
            chunks.push(text);
        else {
            for (let at = 0; at < text.length;) {
                const end = utf8End(text, at, this.#chunkBytes);
                chunks.push(text.slice(at, end));
                at = end;
            }
        }
        const id = randomBytes(16).toString('base64url');
        this.#results.set(id, { owner, chunks, bytes, expires: this.#now() + this.#ttlMs });
        this.#bytes += bytes;
        return { id, chunks: chunks.length };
    }
    /** The result `id` if it is still kept and belongs to `owner`. */
    get(owner, id) {
        this.#expire();
        const result = this.#results.get(id);
        return result?.owner === owner ? result : undefined;
    }
    #expire() {
        const now = this.#now();
        for (const [id, result] of this.#results) {
            if (result.expires > now)
                break;
            this.#drop(id, result);
        }
    }
    #drop(id, result) {
        this.#results.delete(id);
        this.#bytes -= result.bytes;
    }
}
//# sourceMappingURL=resultStore.js.map