/**
 * A JSON-RPC client over MCP Streamable HTTP: one POST per message on a pool of keep-alive
 * connections (`httpPool.ts`), `application/json` or `text/event-stream` answers (both are
 * handled), `Mcp-Session-Id` learnt from the initialize answer and sent afterwards with
 * `MCP-Protocol-Version`.
 */
import { StringDecoder } from 'node:string_decoder';
import { HttpPool } from './httpPool.js';
import { RpcClient } from './rpcClient.js';
/** Splits an SSE body into events and hands each `data:` payload over. */
export function createSseParser(onData) {
    let buffer = '';
    return (text) => {
        buffer += text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let data = '';
            for (const line of block.split('\n')) {
                if (line.startsWith('data:'))
                    data += (data ? '\n' : '') + line.slice(line[5] === ' ' ? 6 : 5);
            }
            if (data)
                onData(data);
            end = buffer.indexOf('\n\n');
        }
    };
}
export class HttpClient extends RpcClient {
    pool;
    path;
    hostHeader;
    sessionId;
    closed = false;
    /** Set after initialize so that later requests carry `MCP-Protocol-Version`. */
    protocolVersion;
    constructor(endpoint, maxSockets = 1024) {
        super();
        const url = new URL(endpoint.url);
        this.pool = new HttpPool(url.hostname, Number(url.port || 80), maxSockets);
        this.path = url.pathname + url.search;
        this.hostHeader = url.host;
    }
    get session() {
        return this.sessionId;
    }
    head(method, length) {
        let h = `${method} ${this.path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n`;
        if (method === 'POST') {
            h += `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n`;
        }
        if (this.sessionId)
            h += `Mcp-Session-Id: ${this.sessionId}\r\n`;
        if (this.protocolVersion)
            h += `MCP-Protocol-Version: ${this.protocolVersion}\r\n`;
        return `${h}\r\n`;
    }
    sendText(text, id) {
        const request = this.head('POST', Buffer.byteLength(text)) + text;
        this.pool.send(request, this.responseHandler(id));
    }
    responseHandler(id) {
        let status = 0;
        let sse;
        // Chunks may split a UTF-8 character: SSE text is decoded across chunk boundaries.
        const decoder = new StringDecoder('utf8');
        let chunks = [];
        return {
            onHead: (s, headers) => {
                status = s;
                const sid = headers.get('mcp-session-id');
                if (sid && !this.sessionId)
                    this.sessionId = sid;
                if (s >= 200 && s < 300 && headers.get('content-type')?.includes('text/event-stream')) {
                    sse = createSseParser((data) => this.receiveText(data));
                }
            },
            onData: (chunk) => {
                if (sse)
                    sse(decoder.write(chunk));
                else
                    chunks.push(chunk);
            },
            onEnd: () => {
                if (sse)
                    return;
                const body = chunks.length === 1
                    ? chunks[0].toString('utf8')
                    : Buffer.concat(chunks).toString('utf8');
                chunks = [];
                if (status >= 200 && status < 300) {
                    if (body.length > 0)
                        this.receiveText(body);
                }
                else if (id !== undefined) {
                    // An HTTP error may carry a JSON-RPC error without our id: fail the request anyway.
                    this.failOne(id, new Error(`HTTP ${status}: ${body.slice(0, 200)}`));
                }
            },
            onError: (e) => {
                if (id !== undefined)
                    this.failOne(id, e);
            },
        };
    }
    /** Ends the session with DELETE (best effort, 1 s) and closes the connections. */
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        if (this.sessionId) {
            await new Promise((resolve) => {
                const timer = setTimeout(resolve, 1000);
                const done = () => {
                    clearTimeout(timer);
                    resolve();
                };
                this.pool.send(`${this.head('DELETE', 0)}`, {
                    onHead: () => { },
                    onData: () => { },
                    onEnd: done,
                    onError: done,
                });
            });
        }
        this.failAll(new Error('client closed'));
        this.pool.close();
    }
}
//# sourceMappingURL=httpClient.js.map