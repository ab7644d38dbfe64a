import type { UpstreamProtocol } from '../../core/config/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import { type Era, type LegacyVersion } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
export interface UpstreamServerInfo {
    /** `modern`: stateless 2026-07-28, every request carries its context in `_meta`. */
    era: Era;
    protocolVersion: string;
    capabilities: JsonObject;
    serverInfo: JsonObject;
    instructions?: string;
}
/** The legacy handshake: `initialize`, check the answered version, `notifications/initialized`. */
export declare function initializeUpstream(input: {
    clientInfo: ClientInfo;
    capabilities: JsonObject;
    protocolVersion: LegacyVersion;
    connection: Connection;
    timeoutMs: number;
    signal?: AbortSignal;
}): Promise<UpstreamServerInfo>;
/**
 * How long the `server/discover` probe may wait before the upstream is taken for legacy
 * (bounded by the initialize timeout; `initialize` then gets a full timeout of its own). Long
 * enough for a stdio server that is slow to start on a loaded machine (it answers in order, so
 * a late answer is still the probe's); a legacy server that ignores unknown requests costs this
 * much at each start, which `protocol: "legacy"` avoids.
 */
export declare const PROBE_TIMEOUT_MS = 10000;
export interface HandshakeInput {
    connection: Connection;
    protocol: UpstreamProtocol;
    clientInfo: ClientInfo;
    /** What `initialize` declares (legacy era). */
    capabilities: JsonObject;
    /** What mcp-mux's own modern requests declare (`server/discover`, lists). */
    modernCapabilities: JsonObject;
    protocolVersion: LegacyVersion;
    timeoutMs: number;
    probeTimeoutMs?: number;
    signal?: AbortSignal;
    /** The probe got no answer: the upstream is taken for legacy (a warning for the log). */
    onSilentProbe?: (reason: string) => void;
}
/** The server as a `DiscoverResult` describes it. */
export declare function discoveredServer(version: string, result: JsonObject): UpstreamServerInfo;
/** Connects in the era `input.protocol` asks for (see the file comment). */
export declare function handshake(input: HandshakeInput): Promise<UpstreamServerInfo>;
/** The keepalive request of a modern upstream: `server/discover` with mcp-mux's own context. */
export declare function modernKeepalive(input: Pick<HandshakeInput, 'clientInfo'> & {
    modernCapabilities?: JsonObject;
}, server: UpstreamServerInfo): [string, JsonObject, Record<string, string>];
