/**
 * A JSON-RPC client over MCP Streamable HTTP: one POST per message on a keep-alive agent,
 * `application/json` or `text/event-stream` answers (both are handled), `Mcp-Session-Id`
 * learnt from the initialize answer and sent afterwards with `MCP-Protocol-Version`.
 */
import { Agent, type IncomingMessage, request } from 'node:http';
import { RpcClient } from './rpcClient.js';

export interface HttpEndpoint {
  kind: 'http';
  url: string;
}

export class HttpClient extends RpcClient {
  private readonly agent: Agent;
  private readonly target: URL;
  private sessionId: string | undefined;
  private closed = false;
  /** Set after initialize so that later requests carry `MCP-Protocol-Version`. */
  protocolVersion: string | undefined;

  constructor(endpoint: HttpEndpoint, maxSockets = 1024) {
    super();
    this.target = new URL(endpoint.url);
    this.agent = new Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 30_000 });
  }

  get session(): string | undefined {
    return this.sessionId;
  }

  protected sendText(text: string, id: number | undefined): void {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(text),
    };
    if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion) headers['mcp-protocol-version'] = this.protocolVersion;
    const req = request(
      {
        agent: this.agent,
        host: this.target.hostname,
        port: this.target.port,
        path: this.target.pathname + this.target.search,
        method: 'POST',
        headers,
      },
      (res) => this.onResponse(res, id),
    );
    req.on('error', (e) => {
      if (id !== undefined) this.failOne(id, e);
    });
    req.end(text);
  }

  private onResponse(res: IncomingMessage, id: number | undefined): void {
    const sid = res.headers['mcp-session-id'];
    if (typeof sid === 'string' && !this.sessionId) this.sessionId = sid;
    const type = res.headers['content-type'] ?? '';
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300 && type.includes('text/event-stream')) {
      this.readEvents(res);
      return;
    }
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (status >= 200 && status < 300) {
        if (body.length > 0) this.receiveText(body);
        return;
      }
      if (id === undefined) return;
      // An HTTP error may carry a JSON-RPC error without our id: fail the request anyway.
      this.failOne(id, new Error(`HTTP ${status}: ${body.slice(0, 200)}`));
    });
    res.on('error', (e) => {
      if (id !== undefined) this.failOne(id, e);
    });
  }

  /** Parses an SSE body incrementally; each `data:` block is one JSON-RPC message. */
  private readEvents(res: IncomingMessage): void {
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (text: string) => {
      buffer += text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('data:')) {
            data += (data ? '\n' : '') + line.slice(line[5] === ' ' ? 6 : 5);
          }
        }
        if (data) this.receiveText(data);
        end = buffer.indexOf('\n\n');
      }
    });
  }

  /** Ends the session with DELETE (best effort) and drops the keep-alive sockets. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sessionId) {
      const headers: Record<string, string> = { 'mcp-session-id': this.sessionId };
      if (this.protocolVersion) headers['mcp-protocol-version'] = this.protocolVersion;
      await new Promise<void>((resolve) => {
        const req = request(
          {
            agent: this.agent,
            host: this.target.hostname,
            port: this.target.port,
            path: this.target.pathname,
            method: 'DELETE',
            headers,
            timeout: 1000,
          },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', () => resolve());
        req.on('timeout', () => {
          req.destroy();
          resolve();
        });
        req.end();
      });
    }
    this.failAll(new Error('client closed'));
    this.agent.destroy();
  }
}
