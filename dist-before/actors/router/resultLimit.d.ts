/**
 * `maxResultBytes` on a routed `tools/call`: a result over the limit is kept whole in the
 * result store (`mcp-mux://results/<id>`, for the caller's principal) and cut (cutResult.ts).
 * A raw result's size comes from its text without parsing it: its length in UTF-16 units
 * bounds its UTF-8 bytes (at most 3 per unit), so the bytes are counted only when the length
 * alone cannot decide, and a result under the limit passes untouched, byte for byte.
 */
import { type Observable } from 'rxjs';
import { type RequestEvent } from '../../core/rpc/index.js';
import { type ResultStore } from '../routes/index.js';
/** The UTF-8 bytes of `text` if they may exceed `limit`; -1 when they surely do not. */
export declare function bytesOver(text: string, limit: number): number;
export declare function limitResults(events: Observable<RequestEvent>, limit: number, owner: string, store: ResultStore): Observable<RequestEvent>;
