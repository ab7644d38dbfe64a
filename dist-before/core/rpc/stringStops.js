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
export const STRING_STOPS_WASM = 'AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAEHEQIGbWVtb3J5AgAEc3RvcAAACo4BAYsBAgF7AX8CQANAIABBEGogAUsNASAA/QAEACECIAJBIP0P/SYgAkEi/Q/9I/1QIAJB3AD9D/0j/VD9ZCEDIAMEQCAAIANoag8LIABBEGohAAwACwsCQANAIAAgAU8NASAALQAAIQMgA0EgSSADQSJGciADQdwARnIEQCAADwsgAEEBaiEADAALCyABCw==';
/** Longest line loaded into the module (its memory stays at the largest line loaded). */
export const STOPS_MAX_BYTES = 1024 * 1024;
const PAGE = 64 * 1024;
/** Lines loaded so far (`loadLine` true): for tests and diagnostics, one increment a line. */
export const stringStopsStats = { lines: 0 };
/** undefined: not loaded yet; null: unavailable here. */
let module;
let bytes = new Uint8Array(0);
function instantiate() {
    const wasm = globalThis.WebAssembly;
    if (wasm === undefined)
        return null;
    try {
        const compiled = new wasm.Module(Buffer.from(STRING_STOPS_WASM, 'base64'));
        const exports = new wasm.Instance(compiled).exports;
        bytes = new Uint8Array(exports.memory.buffer);
        return exports;
    }
    catch {
        return null;
    }
}
/**
 * Copies `line` (ASCII-aligned, see above) into the module for `nextStop`. False when the
 * module is unavailable or the line is longer than `STOPS_MAX_BYTES`.
 */
export function loadLine(line) {
    if (module === undefined)
        module = instantiate();
    if (module === null || line.length > STOPS_MAX_BYTES)
        return false;
    if (line.length > bytes.length) {
        module.memory.grow(Math.ceil((line.length - bytes.length) / PAGE));
        bytes = new Uint8Array(module.memory.buffer);
    }
    bytes.set(line);
    stringStopsStats.lines += 1;
    return true;
}
/**
 * The first index in [`from`, `end`) of the loaded line holding a byte below 0x20, a quote or
 * a backslash; `end` if none. `end` must not pass the loaded line's length.
 */
export function nextStop(from, end) {
    return module.stop(from, end);
}
//# sourceMappingURL=stringStops.js.map