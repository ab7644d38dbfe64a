/**
 * An `application/json` body from an upstream, decoded into the messages it carries: one JSON
 * value (a message or a batch), or, leniently, newline-delimited JSON — one JSON-RPC message per
 * line, the way some servers (the conformance suite's reference server among them) stream a
 * request's notifications before its response without switching to SSE. Every non-empty line
 * must decode, or the body is not JSON (undefined): nothing is read from half a body. `bytes`,
 * the body's UTF-8 when the caller holds it, lets the scan skip long strings on them.
 */
import { decodeMessage } from '../../core/rpc/index.js';

export function decodeJsonBody(
  text: string,
  rawMinChars?: number,
  bytes?: Uint8Array,
): unknown[] | undefined {
  try {
    return [decodeMessage(text, rawMinChars, bytes)];
  } catch {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length < 2) return undefined;
    try {
      return lines.map((line) => decodeMessage(line, rawMinChars));
    } catch {
      return undefined;
    }
  }
}
