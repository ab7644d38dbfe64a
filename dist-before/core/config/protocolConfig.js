/**
 * The per-server `protocol` key: which MCP era mcp-mux speaks to an upstream. `auto` probes
 * (`server/discover`, then `initialize`: actors/upstream/handshake.ts), and serves a dual-era
 * upstream's legacy clients (stdio, or HTTP with legacy sessions) over a second, legacy connection
 * (actors/upstream/legacyConnections.ts); the others skip the probe and open one connection
 * in their era, bridging the other era's clients. Absent means `auto`.
 */
import { child, oneOf } from './configSchema.js';
export const UPSTREAM_PROTOCOLS = ['auto', '2026-07-28', 'legacy'];
/** `raw.protocol` checked, or undefined (absent, or an issue recorded). */
export function parseProtocol(raw, path, issues) {
    if (raw.protocol === undefined)
        return undefined;
    return oneOf(raw.protocol, child(path, 'protocol'), issues, UPSTREAM_PROTOCOLS);
}
//# sourceMappingURL=protocolConfig.js.map