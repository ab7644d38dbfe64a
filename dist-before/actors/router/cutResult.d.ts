/**
 * A `tools/call` result cut to `maxResultBytes` (its JSON's UTF-8 bytes): content items kept
 * while they fit, the text item that crosses the limit cut on a character boundary, the rest
 * dropped, and a last text item that says so and names the whole result's URI. Also in
 * `_meta["io.github.mcp-mux/fullResult"]`: `{ uri, bytes, chunks }`. `structuredContent`
 * cannot be cut and stay valid JSON: it is dropped, and the marker says so.
 */
import type { JsonObject } from '../../core/rpc/index.js';
/** Where the whole result is kept; undefined when it was too large for the result store. */
export interface FullResult {
    readonly uri: string;
    readonly chunks: number;
}
export declare function cutResult(result: JsonObject, limit: number, bytes: number, full: FullResult | undefined): JsonObject;
