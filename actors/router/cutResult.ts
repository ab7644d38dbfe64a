/**
 * A `tools/call` result cut to `maxResultBytes` (its JSON's UTF-8 bytes): content items kept
 * while they fit, the text item that crosses the limit cut on a character boundary, the rest
 * dropped, and a last text item that says so and names the whole result's URI. Also in
 * `_meta["io.github.mcp-mux/fullResult"]`: `{ uri, bytes, chunks }`. `structuredContent`
 * cannot be cut and stay valid JSON: it is dropped, and the marker says so.
 */
import type { JsonObject } from '../../core/rpc/index.js';
import { FULL_RESULT_META, jsonTextPrefix } from '../routes/index.js';

/** Where the whole result is kept; undefined when it was too large for the result store. */
export interface FullResult {
  readonly uri: string;
  readonly chunks: number;
}

const utf8 = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

const isText = (item: unknown): item is JsonObject & { text: string } =>
  typeof item === 'object' &&
  item !== null &&
  (item as JsonObject).type === 'text' &&
  typeof (item as JsonObject).text === 'string';

export function cutResult(
  result: JsonObject,
  limit: number,
  bytes: number,
  full: FullResult | undefined,
): JsonObject {
  const dropped = result.structuredContent !== undefined;
  const where =
    full === undefined ? 'the whole result was too large to keep' : `the whole result: ${full.uri}`;
  const note = dropped ? '; structuredContent dropped (it cannot be cut as valid JSON)' : '';
  const marker = {
    type: 'text',
    text: `[mcp-mux: result cut at ${limit} of ${bytes} bytes${note}; ${where}]`,
  };
  const out: JsonObject = { content: [marker] };
  for (const key of Object.keys(result)) {
    if (key !== 'content' && key !== 'structuredContent' && key !== '_meta') out[key] = result[key];
  }
  const meta: JsonObject = { ...(result._meta as JsonObject | undefined) };
  if (full !== undefined) meta[FULL_RESULT_META] = { uri: full.uri, bytes, chunks: full.chunks };
  out._meta = meta;
  let room = limit - utf8(out);
  const kept: unknown[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    const size = utf8(item) + 1; // and its comma
    if (size <= room) {
      kept.push(item);
      room -= size;
      continue;
    }
    if (isText(item)) {
      const empty = utf8({ ...item, text: '' }) + 1;
      if (empty < room) kept.push({ ...item, text: jsonTextPrefix(item.text, room - empty) });
    }
    break;
  }
  kept.push(marker);
  out.content = kept;
  return out;
}
