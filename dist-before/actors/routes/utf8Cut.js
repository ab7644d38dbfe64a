/**
 * Where to cut a string so that a byte budget holds and no character is split: never between
 * the two halves of a surrogate pair (an emoji), never inside a multi-byte UTF-8 sequence
 * (a string index always falls between whole code points' bytes).
 */
/** UTF-8 bytes of the code unit at `i` (a whole pair: 4) and how many units it takes. */
function unitBytes(text, i) {
    const c = text.charCodeAt(i);
    if (c < 0x80)
        return 1;
    if (c < 0x800)
        return 2;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff)
            return 4;
    }
    return 3; // the BMP, or a lone surrogate (written as U+FFFD)
}
/** The end index of the longest prefix of `text` from `start` of at most `maxBytes` UTF-8 bytes. */
export function utf8End(text, start, maxBytes) {
    let bytes = 0;
    let i = start;
    while (i < text.length) {
        const size = unitBytes(text, i);
        if (bytes + size > maxBytes)
            break;
        bytes += size;
        i += size === 4 ? 2 : 1;
    }
    return i;
}
/** Bytes the code unit at `i` takes inside a JSON string as `JSON.stringify` writes it. */
function jsonBytes(text, i) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c)
        return 2;
    if (c < 0x20)
        return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    const size = unitBytes(text, i);
    // JSON.stringify writes a lone surrogate as \uXXXX.
    return size === 3 && c >= 0xd800 && c <= 0xdfff ? 6 : size;
}
/**
 * The longest prefix of `text` whose JSON string body (escapes included, quotes not) takes at
 * most `maxBytes` UTF-8 bytes.
 */
export function jsonTextPrefix(text, maxBytes) {
    let bytes = 0;
    let i = 0;
    while (i < text.length) {
        const size = jsonBytes(text, i);
        if (bytes + size > maxBytes)
            break;
        bytes += size;
        i += size === 4 ? 2 : 1;
    }
    return text.slice(0, i);
}
//# sourceMappingURL=utf8Cut.js.map