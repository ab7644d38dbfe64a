/**
 * `maxResultBytes` on a routed `tools/call`: a result over the limit is kept whole in the
 * result store (`mcp-mux://results/<id>`, for the caller's principal) and cut (cutResult.ts).
 * A raw result's size comes from its text without parsing it: its length in UTF-16 units
 * bounds its UTF-8 bytes (at most 3 per unit), so the bytes are counted only when the length
 * alone cannot decide, and a result under the limit passes untouched, byte for byte.
 */
import { map } from 'rxjs';
import { RawJson } from '../../core/rpc/index.js';
import { resultUri } from '../routes/index.js';
import { cutResult } from './cutResult.js';
/** The UTF-8 bytes of `text` if they may exceed `limit`; -1 when they surely do not. */
export function bytesOver(text, limit) {
    if (text.length * 3 <= limit)
        return -1;
    const bytes = text.length > limit ? text.length : Buffer.byteLength(text);
    return bytes > limit ? bytes : -1;
}
export function limitResults(events, limit, owner, store) {
    return events.pipe(map((event) => (event.kind === 'result' ? limitResult(event, limit, owner, store) : event)));
}
function limitResult(event, limit, owner, store) {
    const result = event.result;
    const raw = result instanceof RawJson;
    const text = raw ? result.text : JSON.stringify(result);
    if (bytesOver(text, limit) < 0)
        return event;
    // Counted exactly now (the length alone only told that it is over).
    const bytes = Buffer.byteLength(text);
    const value = (raw ? result.value() : result);
    const kept = store.put(owner, text, bytes);
    const full = kept && { uri: resultUri(kept.id), chunks: kept.chunks };
    return { kind: 'result', result: cutResult(value, limit, bytes, full) };
}
//# sourceMappingURL=resultLimit.js.map