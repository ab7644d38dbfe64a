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
import { type JsonObject } from '../rpc/index.js';
/** mcp-mux's own `_meta` keys: a reverse-DNS prefix of its own (not a reserved one, spec `MetaObject`). */
export declare const MUX_META: {
    /** The upstream's own `io.modelcontextprotocol/serverInfo`, moved out of the way. */
    readonly upstreamServerInfo: "io.github.mcp-mux/upstreamServerInfo";
};
/**
 * `result` as forwarded to clients: the same object when it carries no upstream identity, else
 * a copy whose `_meta` holds it under `MUX_META.upstreamServerInfo` instead.
 */
export declare function withoutUpstreamIdentity(result: JsonObject): JsonObject;
