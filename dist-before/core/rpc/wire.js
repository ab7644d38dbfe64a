/**
 * JSON text ⇄ message values, keeping request ids exact.
 *
 * `JSON.parse` rounds integers past 2^53 (`9007199254740993` becomes `…992`), so a client
 * using such ids would get answers it cannot match. Parsing everything as BigInt would slow
 * every message, so the common path stays `JSON.parse` plus an O(1) check of the top-level
 * `id` (per item for a batch); only when that id is an integer JSON could not hold exactly is
 * the text scanned for the id's digits. Such an id travels inside the router as a string with
 * the prefix `BIG_ID_PREFIX` (a string id: maps, logs and JSON all take it as it is), and
 * `stringifyMessage` writes it back as the original number, byte for byte.
 *
 * Only the top-level `id` of a message is treated so; a big number elsewhere is payload and is
 * passed through `JSON.parse` like any other (the router does not rewrite payloads).
 */
import { RawJson, scanEnvelope, setRawSerializer } from './envelopeScan.js';
/** Marks a request id that was an integer too large for a JSON number (see above). */
export const BIG_ID_PREFIX = '\u0000int:';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isUnsafeInteger = (id) => typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id);
/** `JSON.parse`, except that top-level ids past 2^53 keep their exact digits. @throws SyntaxError */
export function parseMessage(text) {
    const value = JSON.parse(text);
    if (isObject(value)) {
        if (isUnsafeInteger(value.id))
            restoreIds(text, [value]);
    }
    else if (Array.isArray(value) &&
        value.some((item) => isObject(item) && isUnsafeInteger(item.id))) {
        restoreIds(text, value);
    }
    return value;
}
/**
 * A message read from `text`: `parseMessage`, except that a routed payload (a response's
 * `result`, a request's `params.arguments`) is validated but kept as its text (`RawJson`,
 * envelopeScan.ts) when it is at least `rawMinChars` long (default `RAW_MIN_CHARS`). Invalid
 * JSON throws the same `SyntaxError` as `parseMessage`. `bytes`: the UTF-8 bytes `text` was
 * decoded from, when the caller has them (the scanner checks long strings on them).
 */
export function decodeMessage(text, rawMinChars, bytes) {
    const scanned = scanEnvelope(text, rawMinChars, bytes);
    if (scanned === undefined)
        return parseMessage(text);
    // Built from the scanned members when that is sure to mean the same (envelopeScan.ts).
    const built = scanned.message();
    if (built !== undefined)
        return built;
    const message = parseMessage(scanned.envelope);
    if (scanned.path === 'result')
        message.result = scanned.raw;
    else
        message.params.arguments = scanned.raw;
    return message;
}
/**
 * `message` with its raw payload (if any, `decodeMessage`) parsed: for consumers outside the
 * router that expect plain values (an SDK behind `toSdkTransport`).
 */
export function materialized(message) {
    if (typeof message !== 'object' || message === null || Array.isArray(message))
        return message;
    const record = message;
    if (record.result instanceof RawJson)
        return { ...record, result: record.result.value() };
    const params = record.params;
    if (params?.arguments instanceof RawJson) {
        return { ...record, params: { ...params, arguments: params.arguments.value() } };
    }
    return message;
}
/**
 * A raw payload's stand-in while `stringifyMessage` runs: a string no message contains (a NUL
 * and a per-process nonce), written by `JSON.stringify` as `"\u0000raw:<nonce>:<n>"`.
 */
const RAW_MARK = `\u0000raw:${Math.random().toString(36).slice(2)}:`;
const RAW_MARK_JSON = JSON.stringify(RAW_MARK).slice(1, -1);
let spliced = [];
const asMarker = (raw) => `${RAW_MARK}${spliced.push(raw) - 1}`;
/**
 * `JSON.stringify` for a message or batch, writing `BIG_ID_PREFIX` ids back as numbers and
 * raw payloads (`RawJson`) as their original text, spliced in place of their marker.
 */
export function stringifyMessage(value) {
    const routed = stringifyRouted(value);
    if (routed !== undefined)
        return routed;
    const previous = setRawSerializer(asMarker);
    let json;
    try {
        json = stringifyEnvelope(value);
    }
    catch (error) {
        spliced = [];
        throw error;
    }
    finally {
        setRawSerializer(previous);
    }
    if (spliced.length === 0)
        return json;
    const raws = spliced;
    spliced = [];
    let out = '';
    let from = 0;
    for (let n = 0; n < raws.length; n++) {
        const mark = `"${RAW_MARK_JSON}${n}"`;
        const at = json.indexOf(mark, from);
        if (at < 0)
            throw new Error('stringifyMessage: a raw payload was not written');
        out += json.slice(from, at) + raws[n].text;
        from = at + mark.length;
    }
    return out + json.slice(from);
}
const RESPONSE_KEYS = ['jsonrpc', 'id', 'result'];
const REQUEST_KEYS = ['jsonrpc', 'id', 'method', 'params'];
const CALL_PARAMS_KEYS = ['name', 'arguments'];
/**
 * The two shapes that carry almost every forwarded payload, written from a template instead
 * of `JSON.stringify`'s walk and the marker search: a response
 * `{ jsonrpc, id, result: RawJson }` and a call `{ jsonrpc, id, method, params: { name,
 * arguments: RawJson } }`, with exactly these keys in this order (as `success` / `request` and
 * the routes build them), a safe-integer or string id. The text is what the general path
 * writes, byte for byte. Anything else: undefined.
 */
function stringifyRouted(value) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const message = value;
    if (message.jsonrpc !== '2.0')
        return undefined;
    const { id } = message;
    let idText;
    if (typeof id === 'number') {
        if (!Number.isSafeInteger(id))
            return undefined;
        idText = String(id);
    }
    else if (typeof id === 'string' && !id.startsWith(BIG_ID_PREFIX)) {
        idText = JSON.stringify(id);
    }
    else
        return undefined;
    const { result } = message;
    if (result instanceof RawJson) {
        return hasKeys(message, RESPONSE_KEYS)
            ? `{"jsonrpc":"2.0","id":${idText},"result":${result.text}}`
            : undefined;
    }
    const { method, params } = message;
    if (typeof method !== 'string' || typeof params !== 'object' || params === null) {
        return undefined;
    }
    const call = params;
    const { name } = call;
    const args = call.arguments;
    if (!(args instanceof RawJson) || typeof name !== 'string')
        return undefined;
    if (!hasKeys(message, REQUEST_KEYS) || !hasKeys(call, CALL_PARAMS_KEYS))
        return undefined;
    return `{"jsonrpc":"2.0","id":${idText},"method":${JSON.stringify(method)},"params":{"name":${JSON.stringify(name)},"arguments":${args.text}}}`;
}
/** Whether `record`'s enumerable keys are exactly `keys`, in this order. */
function hasKeys(record, keys) {
    let n = 0;
    for (const key in record) {
        if (key !== keys[n])
            return false;
        n++;
    }
    return n === keys.length;
}
function stringifyEnvelope(value) {
    if (isObject(value)) {
        return hasBigId(value) ? withRawId(value) : JSON.stringify(value);
    }
    if (Array.isArray(value) && value.some((item) => isObject(item) && hasBigId(item))) {
        return `[${value.map((item) => (isObject(item) && hasBigId(item) ? withRawId(item) : JSON.stringify(item))).join(',')}]`;
    }
    const json = JSON.stringify(value);
    if (json === undefined)
        throw new TypeError('the message is not representable as JSON');
    return json;
}
const hasBigId = (message) => typeof message.id === 'string' && message.id.startsWith(BIG_ID_PREFIX);
function withRawId(message) {
    const { id, ...rest } = message;
    const digits = id.slice(BIG_ID_PREFIX.length);
    // Only digits ever get here from `parseMessage`; anything else is written as the string.
    const raw = /^-?\d+$/.test(digits) ? digits : JSON.stringify(id);
    const body = JSON.stringify(rest);
    return body === '{}' ? `{"id":${raw}}` : `{"id":${raw},${body.slice(1)}`;
}
/** Replaces each unsafe integer id in `messages` (in text order) with its exact digits. */
function restoreIds(text, messages) {
    const sources = topLevelIdTexts(text, Array.isArray(messages) && text.trimStart().startsWith('['));
    messages.forEach((message, index) => {
        const source = sources[index];
        if (isObject(message) && isUnsafeInteger(message.id) && source !== undefined) {
            message.id = `${BIG_ID_PREFIX}${source}`;
        }
    });
}
const INTEGER = /-?\d+(?![.eE\d])/y;
/**
 * The raw text of the `id` member of the top-level object (or of each object of a top-level
 * array), indexed by object; undefined where it is not an integer literal. A small scanner:
 * strings are skipped with their escapes, depth is counted by brackets.
 */
function topLevelIdTexts(text, batch) {
    const target = batch ? 2 : 1;
    const out = [];
    let depth = 0;
    let object = -1;
    let keyStart = -1;
    let keyEnd = -1;
    for (let i = 0; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c === 0x22 /* " */) {
            const start = i;
            for (i += 1; i < text.length; i += 1) {
                const d = text.charCodeAt(i);
                if (d === 0x5c /* \ */)
                    i += 1;
                else if (d === 0x22)
                    break;
            }
            keyStart = start + 1;
            keyEnd = i;
        }
        else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
            depth += 1;
            if (c === 0x7b && depth === target)
                object += 1;
        }
        else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
            depth -= 1;
        }
        else if (c === 0x3a /* : */ && depth === target && object >= 0) {
            if (text.slice(keyStart, keyEnd) === 'id') {
                let j = i + 1;
                while (j < text.length && /\s/.test(text[j]))
                    j += 1;
                INTEGER.lastIndex = j;
                const match = INTEGER.exec(text);
                out[object] = match?.[0];
            }
        }
    }
    return out;
}
/**
 * Default bound on the nesting of one message (objects and arrays): deeper messages are refused
 * where they are read. MCP messages nest a few levels plus the depth of tool
 * arguments and schemas; 10,000 levels cannot even be written back (`JSON.stringify` runs out
 * of stack), and such a request would otherwise hold an upstream slot until its timeout.
 */
export const DEFAULT_MAX_JSON_DEPTH = 128;
/**
 * Whether `value` nests deeper than `max` levels. Recursive but bounded: it never descends
 * more than `max + 1` levels, whatever the input, and allocates nothing (every message read
 * goes through it).
 */
export function exceedsDepth(value, max) {
    return typeof value === 'object' && value !== null && deeperThan(value, max);
}
/** Whether `node` (an object or array) has a descendant chain longer than `budget` levels. */
function deeperThan(node, budget) {
    if (budget <= 0)
        return true;
    if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
            const child = node[i];
            if (typeof child === 'object' && child !== null && deeperThan(child, budget - 1))
                return true;
        }
        return false;
    }
    if (node instanceof RawJson)
        return node.depth > budget;
    const record = node;
    for (const key in record) {
        // An own "__proto__" member (JSON.parse makes one) is not what `record.__proto__` reads.
        const child = key === '__proto__' ? Object.getOwnPropertyDescriptor(record, key)?.value : record[key];
        if (typeof child === 'object' && child !== null && deeperThan(child, budget - 1))
            return true;
    }
    return false;
}
//# sourceMappingURL=wire.js.map