/**
 * The per-server `protocol` key: which MCP era mcp-mux speaks to an upstream. `auto` probes
 * (`server/discover`, then `initialize`: actors/upstream/handshake.ts), and serves a dual-era
 * upstream's legacy clients (stdio, or HTTP with legacy sessions) over a second, legacy connection
 * (actors/upstream/legacyConnections.ts); the others skip the probe and open one connection
 * in their era, bridging the other era's clients. Absent means `auto`.
 */
import { type Issues, type JsonObject } from './configSchema.js';
export type UpstreamProtocol = 'auto' | '2026-07-28' | 'legacy';
export declare const UPSTREAM_PROTOCOLS: readonly UpstreamProtocol[];
/** `raw.protocol` checked, or undefined (absent, or an issue recorded). */
export declare function parseProtocol(raw: JsonObject, path: string, issues: Issues): UpstreamProtocol | undefined;
