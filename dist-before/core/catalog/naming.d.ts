export declare const DEFAULT_SEPARATOR = "__";
/** The spec's tool-name rule (2025-11-25, tools.mdx "Tool Names"): 1–128 of [A-Za-z0-9_.-]. */
export declare const NAME_PATTERN: RegExp;
/** The longest name the spec allows; `maxLength` can only lower it. */
export declare const MAX_NAME_LENGTH = 128;
/** The router's default `maxLength`: most model APIs cap tool names at 64 characters. */
export declare const DEFAULT_MAX_NAME_LENGTH = 64;
/** The shortest `maxLength` accepted: room for a readable head, `_` and the 8-hex hash. */
export declare const MIN_MAX_LENGTH = 16;
export interface NamingOptions {
    separator: string;
    maxLength?: number;
}
export interface NameFilter {
    allow?: string[];
    deny?: string[];
}
/** 32-bit FNV-1a over UTF-16 code units, as 8 hex digits. Stable across runs and platforms. */
export declare function shortHash(text: string): string;
/**
 * The exposed name of upstream item `name` under `prefix`.
 *
 * - prefix `""` → the name itself; otherwise `prefix + separator + name`.
 * - Characters outside [A-Za-z0-9_.-] are replaced by `_` (in both cases), and an empty
 *   result becomes `_`, so the result always satisfies NAME_PATTERN.
 * - Longer than `min(maxLength, 128)` → the head is kept and `_` + 8 hex digits of the
 *   FNV-1a hash of the full unsanitized `prefix + separator + name` is appended, so two long
 *   names sharing their head still differ, and the same input always gives the same output.
 *
 * Different inputs can still meet (e.g. `a b` and `a_b`); the catalog detects that and
 * reports a collision instead of exposing both.
 *
 * @throws RangeError when `maxLength` is not an integer ≥ MIN_MAX_LENGTH.
 */
export declare function exposeName(prefix: string, name: string, options: NamingOptions): string;
/**
 * Whether an upstream item named `name` (its ORIGINAL name) is exposed: allowed when there is
 * no allow list (absent or empty) or a glob of it matches, and no deny glob matches.
 * Globs are picomatch globs; `*` does not cross `/`, use `**` for names containing `/`.
 */
export declare function matchesFilter(name: string, filter: NameFilter): boolean;
