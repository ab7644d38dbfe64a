import type { JsonObject } from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import { type ResultStore } from './resultStore.js';
/** `_meta` keys of a cut result and of the reads of its resource. */
export declare const FULL_RESULT_META = "io.github.mcp-mux/fullResult";
export declare const CHUNKS_META = "io.github.mcp-mux/chunks";
export declare const CHUNK_META = "io.github.mcp-mux/chunk";
/** Whose a kept result is: the caller's principal id ('' when nobody is authenticated). */
export declare const ownerOf: (caller: Caller) => string;
export declare const resultUri: (id: string, chunk?: number) => string;
/** The `ReadResourceResult` of a kept result's URI, or -32002 when there is none for `caller`. */
export declare function readKeptResult(store: ResultStore, uri: string, caller: Caller): JsonObject;
