/**
 * MCP protocol revisions and their eras (ARCHITECTURE.md §3).
 * Legacy revisions start a session with `initialize`; the modern one is stateless.
 */
export declare const LEGACY_VERSIONS: readonly ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
export declare const MODERN_VERSIONS: readonly ["2026-07-28"];
export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];
export declare const LATEST_LEGACY_VERSION: LegacyVersion;
export type Era = 'legacy' | 'modern';
export declare const isLegacyVersion: (version: unknown) => version is LegacyVersion;
export declare const eraOf: (version: string) => Era | undefined;
/**
 * The server side of version negotiation (lifecycle, "Version Negotiation"): answer with the
 * client's version when it is supported, otherwise with the latest version this side supports.
 */
export declare function negotiateVersion(requested: unknown, supported?: readonly LegacyVersion[]): LegacyVersion;
/** JSON-RPC batches exist in 2025-03-26 alone. */
export declare const allowsBatch: (version: string | undefined) => boolean;
