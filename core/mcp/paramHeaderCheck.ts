/**
 * Server validation of a modern `tools/call`'s `Mcp-Param-*` headers (2026-07-28,
 * basic/transports/streamable-http "Custom Headers from Tool Parameters"): for every
 * `x-mcp-header` parameter of the tool being called, the header must be there when the
 * argument is, hold valid encoding (plain, or padded Base64 in `=?base64?…?=`), and decode to
 * the argument's text; a header without its argument is a mismatch too. A rejection is 400 +
 * -32020, before the call is routed. A server that forwards the call (a router) checks what
 * its client sent: the upstream only sees headers the forwarder computed itself.
 */
import type { JsonObject } from '../rpc/index.js';
import type { ParamHeader } from './mcpParamHeaders.js';
import { paramTexts } from './mcpParamHeaders.js';
import {
  decodeHeaderValue,
  type HeaderLookup,
  type HttpRejection,
  mismatch,
} from './modernHttp.js';

/** The annotated parameters of the tool a client calls by this name, if any. */
export type ParamHeaderLookup = (tool: string) => readonly ParamHeader[] | undefined;

export function checkParamHeaders(
  message: JsonObject,
  header: HeaderLookup,
  headersOf: ParamHeaderLookup,
): HttpRejection | undefined {
  if (message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params as JsonObject | undefined;
  const tool = params?.name;
  if (typeof tool !== 'string') return undefined;
  const annotated = headersOf(tool);
  if (annotated === undefined || annotated.length === 0) return undefined;
  const texts = paramTexts(annotated, params?.arguments);
  for (const { name } of annotated) {
    const key = `mcp-param-${name.toLowerCase()}`;
    const raw = header(key);
    const text = texts[key];
    if (raw === undefined) {
      if (text === undefined) continue;
      return mismatch(`the Mcp-Param-${name} header is required: the argument is present`);
    }
    const value = decodeHeaderValue(raw);
    if (value === undefined) {
      return mismatch(`the Mcp-Param-${name} header is not valid Base64 UTF-8`);
    }
    if (value !== text) {
      return mismatch(
        text === undefined
          ? `the Mcp-Param-${name} header is present but its argument is absent`
          : `Mcp-Param-${name} header value '${value}' does not match body value '${text}'`,
      );
    }
  }
  return undefined;
}
