/**
 * MCP protocol revisions and their eras (ARCHITECTURE.md §3).
 * Legacy revisions start a session with `initialize`; the modern one is stateless.
 */
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MODERN_VERSIONS = ['2026-07-28'] as const;

export type LegacyVersion = (typeof LEGACY_VERSIONS)[number];

export const LATEST_LEGACY_VERSION: LegacyVersion = '2025-11-25';

export type Era = 'legacy' | 'modern';

export const isLegacyVersion = (version: unknown): version is LegacyVersion =>
  typeof version === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(version);

export const eraOf = (version: string): Era | undefined =>
  isLegacyVersion(version)
    ? 'legacy'
    : (MODERN_VERSIONS as readonly string[]).includes(version)
      ? 'modern'
      : undefined;

/**
 * The server side of version negotiation (lifecycle, "Version Negotiation"): answer with the
 * client's version when it is supported, otherwise with the latest version this side supports.
 */
export function negotiateVersion(
  requested: unknown,
  supported: readonly LegacyVersion[] = LEGACY_VERSIONS,
): LegacyVersion {
  if (typeof requested === 'string' && (supported as readonly string[]).includes(requested)) {
    return requested as LegacyVersion;
  }
  return supported[supported.length - 1] ?? LATEST_LEGACY_VERSION;
}

/** JSON-RPC batches exist in 2025-03-26 alone. */
export const allowsBatch = (version: string | undefined): boolean => version === '2025-03-26';
