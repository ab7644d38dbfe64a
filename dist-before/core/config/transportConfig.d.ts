/**
 * The transport of one server entry: `transport` or its alias `type`, `command` vs `url`, and
 * the URL's scheme. Split from config.ts (core/config/README.md).
 */
import { type Issues, type JsonObject } from './configSchema.js';
export type UpstreamTransportKind = 'stdio' | 'streamable-http' | 'sse' | 'ws';
/**
 * The transport of a server: `transport` or its alias `type` (they must agree), checked against
 * `command` / `url` (exactly one), or inferred: `command` → stdio, `ws(s)://` → ws, other URLs →
 * streamable-http. `undefined` when it cannot be decided (an issue is recorded).
 */
export declare function parseTransport(raw: JsonObject, path: string, issues: Issues): UpstreamTransportKind | undefined;
export declare function checkUrl(url: string, transport: UpstreamTransportKind, path: string, issues: Issues): boolean;
