/**
 * A whole JSON answer in one write: status line, headers with `Content-Length`, and body go
 * out together (`res.end` with the headers not yet sent joins them into one string). Without a
 * declared length node would frame the body as chunked, which costs a second buffer per reply.
 */
import type { ServerResponse } from 'node:http';
/** Sends `text` (JSON) with `status`; `sessionId`, when given, as `Mcp-Session-Id`. */
export declare function sendJson(res: ServerResponse, status: number, text: string, sessionId?: string): void;
