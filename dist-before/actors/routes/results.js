/**
 * `resources/read` of `mcp-mux://results/<id>` (and its chunks `…/<id>/<n>`): the whole of a
 * `tools/call` result that `maxResultBytes` cut, answered by the router itself and only to the
 * principal whose call produced it. Someone else's id reads as an unknown one.
 */
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { RESULT_URI_PREFIX } from './resultStore.js';
/** `_meta` keys of a cut result and of the reads of its resource. */
export const FULL_RESULT_META = 'io.github.mcp-mux/fullResult';
export const CHUNKS_META = 'io.github.mcp-mux/chunks';
export const CHUNK_META = 'io.github.mcp-mux/chunk';
/** Whose a kept result is: the caller's principal id ('' when nobody is authenticated). */
export const ownerOf = (caller) => caller.identity?.id ?? caller.context.principal ?? '';
export const resultUri = (id, chunk) => chunk === undefined ? `${RESULT_URI_PREFIX}${id}` : `${RESULT_URI_PREFIX}${id}/${chunk}`;
const ID_AND_CHUNK = /^([A-Za-z0-9_-]{1,64})(?:\/(0|[1-9]\d{0,8}))?$/;
/** The `ReadResourceResult` of a kept result's URI, or -32002 when there is none for `caller`. */
export function readKeptResult(store, uri, caller) {
    const parsed = ID_AND_CHUNK.exec(uri.slice(RESULT_URI_PREFIX.length));
    const id = parsed?.[1];
    const kept = id === undefined ? undefined : store.get(ownerOf(caller), id);
    const index = parsed?.[2] === undefined ? undefined : Number(parsed[2]);
    if (id === undefined ||
        kept === undefined ||
        (index !== undefined && (kept.chunks.length === 1 || index >= kept.chunks.length))) {
        throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    const count = kept.chunks.length;
    if (index !== undefined) {
        const chunk = { index, chunks: count };
        if (index + 1 < count)
            chunk.next = resultUri(id, index + 1);
        return {
            contents: [{ uri, mimeType: 'application/json', text: kept.chunks[index] }],
            _meta: { [CHUNK_META]: chunk },
        };
    }
    if (count === 1) {
        return { contents: [{ uri, mimeType: 'application/json', text: kept.chunks[0] }] };
    }
    const uris = kept.chunks.map((_, n) => resultUri(id, n));
    return {
        contents: [
            {
                uri,
                mimeType: 'text/plain',
                text: `[mcp-mux: the result is ${kept.bytes} bytes in ${count} chunks: read ${uris[0]} to ${uris[count - 1]}; joined, their texts are its JSON]`,
            },
        ],
        _meta: { [CHUNKS_META]: uris },
    };
}
//# sourceMappingURL=results.js.map