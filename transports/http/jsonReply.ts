/**
 * A whole JSON answer in one write: status line, headers with `Content-Length`, and body go
 * out together (`res.end` with the headers not yet sent joins them into one string). Without a
 * declared length node would frame the body as chunked, which costs a second buffer per reply.
 *
 * The header lists are built once and only their length (and session id) slots filled in per
 * reply: `writeHead` with a flat array reads it synchronously into the header block, so the
 * same array serves every reply.
 */
import type { ServerResponse } from 'node:http';

const PLAIN: string[] = ['content-type', 'application/json', 'content-length', ''];
const WITH_SESSION: string[] = [...PLAIN, 'mcp-session-id', ''];

/** Sends `text` (JSON) with `status`; `sessionId`, when given, as `Mcp-Session-Id`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  text: string,
  sessionId?: string,
): void {
  const headers = sessionId === undefined ? PLAIN : WITH_SESSION;
  headers[3] = String(Buffer.byteLength(text));
  if (sessionId !== undefined) headers[5] = sessionId;
  res.writeHead(status, headers);
  res.end(text);
}
