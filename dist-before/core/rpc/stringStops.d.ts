/**
 * Where a JSON string body stops being plain text, found sixteen bytes at a time by a small
 * WebAssembly SIMD module (stringStops.wat): the envelope scanner's check of long strings
 * (envelopeScan.ts) when it has the line's bytes.
 *
 * Decisions:
 * - **Bytes, not the string.** The scanner works on the decoded text, but a line whose UTF-8
 *   bytes are as many as its UTF-16 code units is ASCII-aligned: byte `k` is character `k`
 *   (every code unit comes from at least one byte; equal counts leave exactly one each, so an
 *   invalid byte decoded to U+FFFD is still one byte for one unit). The transports pass such a
 *   line's bytes, the scanner loads them here once per line, at the first string that needs it.
 * - **Why not `JSON.parse` of the string** (what the scanner does without bytes): it is ~3.8x
 *   slower (1 KiB string 352 → 94 ns, 16 KiB 4.74 → 1.24 µs, copy into the module included)
 *   and allocates a copy of every string it checks; at 16 KiB that copy is a third of what the
 *   router allocates per round trip (bench/notes/2026-11-hot-path.md).
 * - **Bounded memory.** The module's memory never shrinks, so lines past `STOPS_MAX_BYTES` are
 *   not loaded: the scanner checks them without bytes, as before.
 * - **Optional.** Where WebAssembly is missing or refuses the module (`node --jitless`, SIMD
 *   off), `loadLine` answers false and the scanner keeps its own checks: same results, slower.
 */
/** The module stringStops.wat compiles to (wat2wasm, SIMD on); a test checks it is current. */
export declare const STRING_STOPS_WASM = "AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAEHEQIGbWVtb3J5AgAEc3RvcAAACo4BAYsBAgF7AX8CQANAIABBEGogAUsNASAA/QAEACECIAJBIP0P/SYgAkEi/Q/9I/1QIAJB3AD9D/0j/VD9ZCEDIAMEQCAAIANoag8LIABBEGohAAwACwsCQANAIAAgAU8NASAALQAAIQMgA0EgSSADQSJGciADQdwARnIEQCAADwsgAEEBaiEADAALCyABCw==";
/** Longest line loaded into the module (its memory stays at the largest line loaded). */
export declare const STOPS_MAX_BYTES: number;
/** Lines loaded so far (`loadLine` true): for tests and diagnostics, one increment a line. */
export declare const stringStopsStats: {
    lines: number;
};
/**
 * Copies `line` (ASCII-aligned, see above) into the module for `nextStop`. False when the
 * module is unavailable or the line is longer than `STOPS_MAX_BYTES`.
 */
export declare function loadLine(line: Uint8Array): boolean;
/**
 * The first index in [`from`, `end`) of the loaded line holding a byte below 0x20, a quote or
 * a backslash; `end` if none. `end` must not pass the loaded line's length.
 */
export declare function nextStop(from: number, end: number): number;
