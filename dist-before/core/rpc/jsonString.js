/**
 * Checking one JSON string of a message text for the envelope scanner (envelopeScan.ts): from
 * its opening quote to the index after its closing one, or -1 when it is not a valid JSON
 * string (a control character, a bad escape, no closing quote). Three ways, cheapest first:
 * a plain loop for keys and short values; on the line's bytes with the string-stop module
 * (stringStops.ts) when the scan was given ASCII-aligned bytes (`startLine`); else `JSON.parse`
 * of a long string alone, or a regex for a shorter one.
 */
import { loadLine, nextStop } from './stringStops.js';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A string's body: plain characters and valid escapes (a run at a time: few iterations). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings exclude U+0000–U+001F.
const STRING_BODY = /(?:[^"\\\u0000-\u001f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*/y;
/**
 * Strings at least this long are checked by `JSON.parse` of the string alone: it reads one
 * character in ~0.3 ns against ~0.7 ns for `STRING_BODY`, which wins below ~300 characters
 * (bench/notes/2026-11-hot-path.md, "Pipelining the writes").
 */
const LONG_STRING = 512;
/** `i` at an opening quote: the index after the closing one, or -1 when invalid. */
export function skipString(text, i) {
    // Keys and short values: a plain loop up to the closing quote is cheaper than a regex call;
    // at an escape, a control character or past a few dozen characters, the checks below take over.
    const stop = Math.min(text.length, i + 33);
    for (let j = i + 1; j < stop; j++) {
        const c = text.charCodeAt(j);
        if (c === QUOTE)
            return j + 1;
        if (c === BACKSLASH || c < 0x20)
            break;
    }
    if (stopsReady()) {
        const end = skipStringByStops(text, i + 1);
        if (end !== TOO_MANY_ESCAPES)
            return end;
    }
    const close = closingQuote(text, i);
    if (close - i > LONG_STRING) {
        // A long string: V8's own string scan checks it in well under half the regex's time.
        try {
            JSON.parse(text.slice(i, close + 1));
            return close + 1;
        }
        catch {
            return -1;
        }
    }
    STRING_BODY.lastIndex = i + 1;
    STRING_BODY.test(text); // always matches (possibly nothing)
    const end = STRING_BODY.lastIndex;
    // Anything but the closing quote here: a control character, a bad escape, or the end.
    return text.charCodeAt(end) === QUOTE ? end + 1 : -1;
}
/**
 * The bytes of the text being scanned, when the transport passed them and they are
 * ASCII-aligned with it (stringStops.ts); loaded into the string-stop module at the first
 * string that needs it (`stopsReady`), so lines of short strings are never copied.
 */
let lineBytes;
let lineLoaded = false;
function stopsReady() {
    if (lineLoaded)
        return true;
    if (lineBytes === undefined)
        return false;
    lineLoaded = loadLine(lineBytes);
    if (!lineLoaded)
        lineBytes = undefined;
    return lineLoaded;
}
/** Escapes after which a string goes back to the checks above (one module call per escape). */
const STOPS_MAX_ESCAPES = 16;
const TOO_MANY_ESCAPES = -2;
const HEX4 = /[0-9a-fA-F]{4}/y;
/**
 * `j` just inside a string's opening quote, the line loaded (`stopsReady`): the index after
 * the closing quote, -1 when the string is invalid, or `TOO_MANY_ESCAPES`.
 */
function skipStringByStops(text, j) {
    const end = text.length;
    for (let escapes = 0;; escapes++) {
        j = nextStop(j, end);
        if (j >= end)
            return -1;
        const c = text.charCodeAt(j);
        if (c === QUOTE)
            return j + 1;
        if (c !== BACKSLASH)
            return -1; // a control character
        if (escapes === STOPS_MAX_ESCAPES)
            return TOO_MANY_ESCAPES;
        const e = text.charCodeAt(j + 1);
        if (e === 0x75 /* u */) {
            HEX4.lastIndex = j + 2;
            if (!HEX4.test(text))
                return -1;
            j += 6;
        }
        else if (SIMPLE_ESCAPES.includes(e)) {
            j += 2;
        }
        else
            return -1;
    }
}
/** `"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`: what may follow a backslash besides `u`. */
const SIMPLE_ESCAPES = [0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74];
/**
 * `i` at an opening quote: the index of the first quote after it not escaped by an odd run of
 * backslashes (the closing quote of a valid string), or `text.length` when there is none.
 */
function closingQuote(text, i) {
    for (let from = i + 1;;) {
        const q = text.indexOf('"', from);
        if (q < 0)
            return text.length;
        let backslashes = 0;
        while (text.charCodeAt(q - 1 - backslashes) === BACKSLASH)
            backslashes++;
        if (backslashes % 2 === 0)
            return q;
        from = q + 1;
    }
}
/** Starts a scan of `text`: its `bytes` are used only if ASCII-aligned with it (stringStops.ts). */
export function startLine(text, bytes) {
    lineBytes = bytes !== undefined && bytes.length === text.length ? bytes : undefined;
    lineLoaded = false;
}
/** Ends the scan: the line's bytes are not kept. */
export function endLine() {
    lineBytes = undefined;
    lineLoaded = false;
}
//# sourceMappingURL=jsonString.js.map