/**
 * `x-mcp-header` (2026-07-28, basic/transports/streamable-http "Custom Headers from Tool
 * Parameters"): a tool's `inputSchema` may name parameters whose values a client mirrors into
 * `Mcp-Param-{Name}` HTTP headers. A Streamable HTTP client MUST support it and MUST exclude a
 * tool whose annotations break the rules from `tools/list`.
 */
import { RawJson } from '../rpc/index.js';
import { encodeHeaderValue } from './modernClient.js';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords below which an annotation is not statically reachable. */
const DYNAMIC = [
    'items',
    'prefixItems',
    'additionalProperties',
    'patternProperties',
    'oneOf',
    'anyOf',
    'allOf',
    'not',
    'if',
    'then',
    'else',
    '$ref',
    '$defs',
    'definitions',
    'dependentSchemas',
];
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Whether any schema below `value` carries `x-mcp-header` (an unreachable annotation). */
function hasAnnotation(value) {
    if (Array.isArray(value))
        return value.some(hasAnnotation);
    if (!isObject(value))
        return false;
    if ('x-mcp-header' in value)
        return true;
    return Object.values(value).some(hasAnnotation);
}
/** Reads and checks the `x-mcp-header` annotations of a tool's `inputSchema`. */
export function paramHeadersOf(inputSchema) {
    const headers = [];
    const seen = new Set();
    const walk = (schema, path) => {
        for (const keyword of DYNAMIC) {
            if (hasAnnotation(schema[keyword])) {
                return `an x-mcp-header annotation under "${keyword}" is not statically reachable`;
            }
        }
        const properties = schema.properties;
        if (!isObject(properties))
            return undefined;
        for (const [key, child] of Object.entries(properties)) {
            if (!isObject(child))
                continue;
            const at = [...path, key];
            const name = child['x-mcp-header'];
            if (name !== undefined) {
                if (typeof name !== 'string' || !TOKEN.test(name)) {
                    return `x-mcp-header of "${at.join('.')}" is not an HTTP token: ${JSON.stringify(name)}`;
                }
                if (seen.has(name.toLowerCase()))
                    return `x-mcp-header "${name}" is used twice`;
                if (typeof child.type !== 'string' || !PRIMITIVE.has(child.type)) {
                    return `x-mcp-header "${name}" is on "${at.join('.')}", which is not a string, integer or boolean`;
                }
                seen.add(name.toLowerCase());
                headers.push({ name, path: at });
            }
            const inner = walk(child, at);
            if (inner !== undefined)
                return inner;
        }
        return undefined;
    };
    if (!isObject(inputSchema))
        return { ok: true, headers };
    const problem = walk(inputSchema, []);
    return problem === undefined ? { ok: true, headers } : { ok: false, reason: problem };
}
/**
 * The `Mcp-Param-*` headers of a call with `args` (streamable-http "Value Encoding"): strings
 * as they are, integers in decimal, booleans as `true`/`false`; no header when the value is
 * absent or null.
 */
export function paramHeaderValues(headers, args) {
    const out = {};
    if (headers.length === 0)
        return out;
    // Forwarded arguments may still be their text (core/rpc/envelopeScan.ts).
    const values = args instanceof RawJson ? args.value() : args;
    for (const header of headers) {
        let value = values;
        for (const key of header.path)
            value = isObject(value) ? value[key] : undefined;
        if (value === undefined || value === null)
            continue;
        const text = typeof value === 'string'
            ? value
            : typeof value === 'number' || typeof value === 'boolean'
                ? String(value)
                : JSON.stringify(value);
        out[`mcp-param-${header.name.toLowerCase()}`] = encodeHeaderValue(text);
    }
    return out;
}
//# sourceMappingURL=mcpParamHeaders.js.map