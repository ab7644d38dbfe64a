/** A whole JSON answer in one write (transports/http/jsonReply.ts), read back by a real client. */
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson } from '../../../transports/http/jsonReply.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function replyWith(reply: (res: ServerResponse) => void) {
  server = createServer((_req, res) => reply(res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return fetch(`http://127.0.0.1:${port}/`);
}

describe('sendJson', () => {
  it('declares the byte length (not chunked) and the JSON type', async () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"text":"€"}}';
    const res = await replyWith((r) => sendJson(r, 200, text));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.text()).toBe(text);
  });

  it('adds Mcp-Session-Id when given, with any status', async () => {
    const res = await replyWith((r) => sendJson(r, 404, '{}', 'session-1'));
    expect(res.status).toBe(404);
    expect(res.headers.get('mcp-session-id')).toBe('session-1');
    expect(await res.json()).toEqual({});
  });
});
