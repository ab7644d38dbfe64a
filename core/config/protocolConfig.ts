/**
 * The per-server `protocol` key: which MCP era mcp-mux speaks to an upstream. `auto` probes
 * (`server/discover`, then `initialize`: actors/upstream/handshake.ts), and serves a dual-era
 * upstream's legacy clients (stdio, or HTTP with legacy sessions) over a second, legacy connection
 * (actors/upstream/legacyConnections.ts); the others skip the probe and open one connection
 * in their era, bridging the other era's clients. Absent means `auto`.
 */
import { child, type Issues, type JsonObject, oneOf } from './configSchema.js';

export type UpstreamProtocol = 'auto' | '2026-07-28' | 'legacy';
export const UPSTREAM_PROTOCOLS: readonly UpstreamProtocol[] = ['auto', '2026-07-28', 'legacy'];

/** `raw.protocol` checked, or undefined (absent, or an issue recorded). */
export function parseProtocol(
  raw: JsonObject,
  path: string,
  issues: Issues,
): UpstreamProtocol | undefined {
  if (raw.protocol === undefined) return undefined;
  return oneOf(raw.protocol, child(path, 'protocol'), issues, UPSTREAM_PROTOCOLS);
}
