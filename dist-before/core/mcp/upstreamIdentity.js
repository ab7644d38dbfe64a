/**
 * One identity for every client: an upstream's result reaches clients without the upstream's
 * own `io.modelcontextprotocol/serverInfo` in `_meta` (2026-07-28 `ResultMetaObject`: "the
 * server software producing the response" — to a client, that is mcp-mux). The upstream's
 * value moves to `io.github.mcp-mux/upstreamServerInfo`, so a client can still display or log
 * which server answered. Modern clients then get mcp-mux's own identity (`modernResult`);
 * legacy clients get none (their revisions do not define the key).
 *
 * Cost on the forwarding path: a raw result (`RawJson`, core/rpc/envelopeScan.ts) is looked at
 * as text, and parsed only when the text holds `serverInfo` at all; it stays raw, byte for
 * byte, unless its top-level `_meta` really has the key, and only then is it rewritten (parsed
 * and written again, as every result of a modern client is). A parsed result costs one check.
 * A key spelled with `\u` escapes inside its name is not looked for: the value is
 * self-reported, for display only (clients "SHOULD NOT rely on it"), and finding it would
 * mean parsing every payload.
 */
import { RawJson } from '../rpc/index.js';
import { META } from './modernRequest.js';
/** mcp-mux's own `_meta` keys: a reverse-DNS prefix of its own (not a reserved one, spec `MetaObject`). */
export const MUX_META = {
    /** The upstream's own `io.modelcontextprotocol/serverInfo`, moved out of the way. */
    upstreamServerInfo: 'io.github.mcp-mux/upstreamServerInfo',
};
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The name's text (`/` may come escaped as `\/`): what a raw payload must contain to be read. */
const NEEDLE = 'serverInfo';
/**
 * `result` as forwarded to clients: the same object when it carries no upstream identity, else
 * a copy whose `_meta` holds it under `MUX_META.upstreamServerInfo` instead.
 */
export function withoutUpstreamIdentity(result) {
    if (result instanceof RawJson) {
        if (!result.text.includes(NEEDLE))
            return result;
        const parsed = result.value();
        if (!isObject(parsed) || !hasIdentity(parsed))
            return result;
        return moved(parsed);
    }
    return hasIdentity(result) ? moved(result) : result;
}
const hasIdentity = (result) => {
    const meta = result._meta;
    return isObject(meta) && Object.hasOwn(meta, META.serverInfo);
};
function moved(result) {
    const { [META.serverInfo]: upstream, ...rest } = result._meta;
    return { ...result, _meta: { ...rest, [MUX_META.upstreamServerInfo]: upstream } };
}
//# sourceMappingURL=upstreamIdentity.js.map