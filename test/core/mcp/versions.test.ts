/** Protocol revisions and their eras (core/mcp/versions.ts): era lookup, negotiation, batches. */
import { describe, expect, it } from 'vitest';
import {
  allowsBatch,
  eraOf,
  isLegacyVersion,
  LATEST_LEGACY_VERSION,
  LEGACY_VERSIONS,
  negotiateVersion,
} from '../../../core/mcp/versions.js';

describe('eras', () => {
  it('puts the four handshake revisions in the legacy era and 2026-07-28 in the modern one', () => {
    for (const version of LEGACY_VERSIONS) expect(eraOf(version)).toBe('legacy');
    expect(eraOf('2026-07-28')).toBe('modern');
    expect(eraOf('2099-01-01')).toBeUndefined();
    expect(eraOf('')).toBeUndefined();
  });

  it('isLegacyVersion takes only known legacy strings', () => {
    expect(isLegacyVersion('2025-06-18')).toBe(true);
    expect(isLegacyVersion('2026-07-28')).toBe(false);
    expect(isLegacyVersion(20250618)).toBe(false);
    expect(isLegacyVersion(undefined)).toBe(false);
  });
});

describe('negotiateVersion', () => {
  it("answers with the client's version when it is supported", () => {
    for (const version of LEGACY_VERSIONS) expect(negotiateVersion(version)).toBe(version);
  });

  it('answers an unknown, modern or non-string version with the latest supported', () => {
    expect(negotiateVersion('2099-01-01')).toBe(LATEST_LEGACY_VERSION);
    expect(negotiateVersion('2026-07-28')).toBe(LATEST_LEGACY_VERSION);
    expect(negotiateVersion(undefined)).toBe(LATEST_LEGACY_VERSION);
    expect(negotiateVersion(7)).toBe(LATEST_LEGACY_VERSION);
  });

  it('honours a narrower supported list: its own latest, never a version outside it', () => {
    const supported = ['2024-11-05', '2025-03-26'] as const;
    expect(negotiateVersion('2025-03-26', supported)).toBe('2025-03-26');
    expect(negotiateVersion('2025-11-25', supported)).toBe('2025-03-26');
    expect(negotiateVersion('2025-11-25', [])).toBe(LATEST_LEGACY_VERSION);
  });
});

describe('allowsBatch', () => {
  it('is true for 2025-03-26 alone', () => {
    expect(LEGACY_VERSIONS.filter(allowsBatch)).toEqual(['2025-03-26']);
    expect(allowsBatch('2026-07-28')).toBe(false);
    expect(allowsBatch(undefined)).toBe(false);
  });
});
