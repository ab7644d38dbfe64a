/**
 * MCP protocol revisions and their eras (ARCHITECTURE.md §3).
 * Legacy revisions start a session with `initialize`; the modern one is stateless.
 */
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
export const MODERN_VERSIONS = ['2026-07-28'];
export const LATEST_LEGACY_VERSION = '2025-11-25';
export const isLegacyVersion = (version) => typeof version === 'string' && LEGACY_VERSIONS.includes(version);
export const eraOf = (version) => isLegacyVersion(version)
    ? 'legacy'
    : MODERN_VERSIONS.includes(version)
        ? 'modern'
        : undefined;
/**
 * The server side of version negotiation (lifecycle, "Version Negotiation"): answer with the
 * client's version when it is supported, otherwise with the latest version this side supports.
 */
export function negotiateVersion(requested, supported = LEGACY_VERSIONS) {
    if (typeof requested === 'string' && supported.includes(requested)) {
        return requested;
    }
    return supported[supported.length - 1] ?? LATEST_LEGACY_VERSION;
}
/** JSON-RPC batches exist in 2025-03-26 alone. */
export const allowsBatch = (version) => version === '2025-03-26';
//# sourceMappingURL=versions.js.map