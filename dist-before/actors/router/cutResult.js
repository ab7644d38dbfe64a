import { FULL_RESULT_META, jsonTextPrefix } from '../routes/index.js';
const utf8 = (value) => Buffer.byteLength(JSON.stringify(value));
const isText = (item) => typeof item === 'object' &&
    item !== null &&
    item.type === 'text' &&
    typeof item.text === 'string';
export function cutResult(result, limit, bytes, full) {
    const dropped = result.structuredContent !== undefined;
    const where = full === undefined ? 'the whole result was too large to keep' : `the whole result: ${full.uri}`;
    const note = dropped ? '; structuredContent dropped (it cannot be cut as valid JSON)' : '';
    const marker = {
        type: 'text',
        text: `[mcp-mux: result cut at ${limit} of ${bytes} bytes${note}; ${where}]`,
    };
    const out = { content: [marker] };
    for (const key of Object.keys(result)) {
        if (key !== 'content' && key !== 'structuredContent' && key !== '_meta')
            out[key] = result[key];
    }
    const meta = { ...result._meta };
    if (full !== undefined)
        meta[FULL_RESULT_META] = { uri: full.uri, bytes, chunks: full.chunks };
    out._meta = meta;
    let room = limit - utf8(out);
    const kept = [];
    const content = Array.isArray(result.content) ? result.content : [];
    for (const item of content) {
        const size = utf8(item) + 1; // and its comma
        if (size <= room) {
            kept.push(item);
            room -= size;
            continue;
        }
        if (isText(item)) {
            const empty = utf8({ ...item, text: '' }) + 1;
            if (empty < room)
                kept.push({ ...item, text: jsonTextPrefix(item.text, room - empty) });
        }
        break;
    }
    kept.push(marker);
    out.content = kept;
    return out;
}
//# sourceMappingURL=cutResult.js.map