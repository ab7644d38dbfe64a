/**
 * The internal hop's wire: one client request passed to the instance that owns its session or
 * round, through undici, and the owner's answer streamed back as it comes (an SSE stream is
 * piped, never buffered). The client's credentials and MCP headers go along; hop-by-hop
 * headers do not. A client that goes away aborts the hop, so the owner sees its stream close.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
import { loadUndici } from './httpRequest.js';

/** Request headers carried to the owner, besides every `mcp-*` one (session, version, method, name…). */
const CARRIED = [
  'authorization',
  'accept',
  'content-type',
  'last-event-id',
  'traceparent',
  'tracestate',
  'baggage',
  'user-agent',
] as const;

/** Response headers not passed back (hop-by-hop, or recomputed by this server). */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  'proxy-connection',
  'upgrade',
]);

/**
 * One keep-alive pool per owner; streams (bodies) may stay open as long as the client wants.
 * Made with the first forwarded request.
 */
let agent: Agent | undefined;
const hopAgent = (): Agent => {
  agent ??= new (loadUndici().Agent)({
    connectTimeout: 2_000,
    headersTimeout: 5 * 60_000,
    bodyTimeout: 0,
    keepAliveTimeout: 30_000,
  });
  return agent;
};

export type HopOutcome = 'answered' | 'unreachable' | 'broken';

/**
 * Sends `req` (body: `body`, or the request stream itself) to `url` with `extra` headers and
 * streams the answer into `res`. `unreachable`: nothing was written (the owner did not answer
 * before its headers: gone, or refused the connection), so the caller answers; `broken`: the
 * answer was cut mid-way (`res` destroyed).
 */
export async function forwardHop(
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
  extra: Record<string, string>,
  body?: string,
  onHeaders?: () => void,
): Promise<HopOutcome> {
  const headers: Record<string, string> = { ...extra };
  for (const name of CARRIED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('mcp-') && typeof value === 'string') headers[name] ??= value;
  }
  const abort = new AbortController();
  const onClose = () => abort.abort();
  res.once('close', onClose);
  let answer: Dispatcher.ResponseData;
  try {
    const method = (req.method ?? 'GET') as 'GET' | 'POST' | 'DELETE';
    answer = await loadUndici().request(url, {
      method,
      headers,
      dispatcher: hopAgent(),
      signal: abort.signal,
      ...(method === 'POST' ? { body: body ?? (req as Readable) } : {}),
    });
  } catch {
    res.off('close', onClose);
    if (body === undefined) req.resume();
    return 'unreachable';
  }
  onHeaders?.();
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !DROPPED.has(name)) out[name] = value;
  }
  res.writeHead(answer.statusCode, out);
  res.flushHeaders();
  return new Promise<HopOutcome>((resolve) => {
    answer.body.on('data', (chunk: Buffer) => {
      if (!res.write(chunk)) {
        answer.body.pause();
        res.once('drain', () => answer.body.resume());
      }
    });
    answer.body.once('end', () => {
      res.off('close', onClose);
      res.end();
      resolve('answered');
    });
    answer.body.once('error', () => {
      res.off('close', onClose);
      res.destroy();
      resolve('broken');
    });
  });
}
