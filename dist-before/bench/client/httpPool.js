/**
 * A minimal HTTP/1.1 client for the load generator: a pool of keep-alive TCP connections,
 * one request per connection at a time (no pipelining), and an incremental response parser
 * (Content-Length, chunked, or until close). It costs a fraction of `node:http`'s CPU per
 * request, which matters when the client shares two cores with the subject it measures.
 * Loopback benchmarking only: no TLS, no redirects, no proxies.
 */
import { connect } from 'node:net';
const CRLF2 = Buffer.from('\r\n\r\n');
/** Parses one response at a time off a socket's byte stream. */
export class ResponseParser {
    handler;
    head = [];
    state = 'head';
    remaining = 0;
    line = '';
    keepAlive = true;
    constructor(handler) {
        this.handler = handler;
    }
    get done() {
        return this.state === 'done';
    }
    get readsUntilClose() {
        return this.state === 'until-close';
    }
    /** Feeds bytes; returns the bytes after the end of this response (for the next one). */
    push(chunk) {
        let at = 0;
        while (at < chunk.length && this.state !== 'done') {
            switch (this.state) {
                case 'head': {
                    this.head.push(at === 0 ? chunk : chunk.subarray(at));
                    const all = this.head.length === 1 ? this.head[0] : Buffer.concat(this.head);
                    const end = all.indexOf(CRLF2);
                    if (end === -1) {
                        this.head = [all];
                        return undefined;
                    }
                    this.parseHead(all.toString('latin1', 0, end));
                    this.head = [];
                    const rest = all.subarray(end + 4);
                    chunk = rest;
                    at = 0;
                    continue;
                }
                case 'length': {
                    const n = Math.min(this.remaining, chunk.length - at);
                    if (n > 0)
                        this.handler.onData(chunk.subarray(at, at + n));
                    at += n;
                    this.remaining -= n;
                    if (this.remaining === 0)
                        this.finish();
                    continue;
                }
                case 'until-close':
                    this.handler.onData(chunk.subarray(at));
                    return undefined;
                case 'chunk-size':
                case 'chunk-end': {
                    const nl = chunk.indexOf(10, at);
                    const piece = chunk.toString('latin1', at, nl === -1 ? chunk.length : nl);
                    if (nl === -1) {
                        this.line += piece;
                        return undefined;
                    }
                    const line = (this.line + piece).trim();
                    this.line = '';
                    at = nl + 1;
                    if (this.state === 'chunk-end') {
                        // After the last chunk: trailer lines until an empty one.
                        if (line === '')
                            this.finish();
                        continue;
                    }
                    const size = Number.parseInt(line.split(';')[0] ?? '', 16);
                    if (!Number.isFinite(size))
                        throw new Error(`bad chunk size "${line}"`);
                    if (size === 0)
                        this.state = 'chunk-end';
                    else {
                        this.remaining = size + 2; // data + CRLF
                        this.state = 'chunk-data';
                    }
                    continue;
                }
                case 'chunk-data': {
                    const n = Math.min(this.remaining, chunk.length - at);
                    const data = Math.min(n, Math.max(0, this.remaining - 2));
                    if (data > 0)
                        this.handler.onData(chunk.subarray(at, at + data));
                    at += n;
                    this.remaining -= n;
                    if (this.remaining === 0)
                        this.state = 'chunk-size';
                    continue;
                }
            }
        }
        return at < chunk.length ? chunk.subarray(at) : undefined;
    }
    /** The socket closed: a body read until close ends here. */
    closed() {
        if (this.state === 'until-close')
            this.finish();
    }
    parseHead(text) {
        const lines = text.split('\r\n');
        const status = Number((lines[0] ?? '').split(' ')[1]);
        const headers = new Map();
        for (let i = 1; i < lines.length; i++) {
            const line = lines[i];
            const colon = line.indexOf(':');
            if (colon > 0)
                headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        }
        this.keepAlive = headers.get('connection')?.toLowerCase() !== 'close';
        this.handler.onHead(status, headers);
        const length = headers.get('content-length');
        if (headers.get('transfer-encoding')?.toLowerCase().includes('chunked'))
            this.state = 'chunk-size';
        else if (length !== undefined || status === 204 || status === 304) {
            this.remaining = Number(length ?? 0);
            this.state = 'length';
            if (this.remaining === 0)
                this.finish();
        }
        else {
            this.keepAlive = false;
            this.state = 'until-close';
        }
    }
    finish() {
        this.state = 'done';
        this.handler.onEnd();
    }
}
class PooledConnection {
    socket;
    release;
    drop;
    parser;
    current;
    gotBytes = false;
    constructor(socket, release, 
    /** The connection is gone; `retry` is the job to resend when it never got an answer. */
    drop) {
        this.socket = socket;
        this.release = release;
        this.drop = drop;
        socket.setNoDelay(true);
        socket.on('data', (chunk) => this.onData(chunk));
        socket.on('error', () => { }); // followed by 'close', handled there
        socket.on('close', () => this.onClose());
    }
    run(job) {
        this.current = job;
        this.gotBytes = false;
        this.parser = new ResponseParser(job.handler);
        this.socket.write(job.request);
    }
    onClose() {
        const { parser, current: job } = this;
        this.parser = undefined;
        this.current = undefined;
        if (!parser || !job || parser.done) {
            this.drop(this, undefined);
            return;
        }
        parser.closed();
        if (parser.done)
            this.drop(this, undefined);
        else if (!this.gotBytes && !job.retried) {
            // A kept-alive connection the server closed just as we reused it: send again, once.
            job.retried = true;
            this.drop(this, job);
        }
        else {
            this.drop(this, undefined);
            job.handler.onError(new Error('connection closed before the response ended'));
        }
    }
    onData(chunk) {
        const { parser, current: job } = this;
        if (!parser || !job)
            return; // bytes nobody asked for: ignore
        this.gotBytes = true;
        let rest;
        try {
            rest = parser.push(chunk);
        }
        catch (e) {
            this.parser = undefined;
            this.current = undefined;
            job.handler.onError(e);
            this.socket.destroy();
            return;
        }
        if (!parser.done)
            return;
        this.parser = undefined;
        this.current = undefined;
        if (!parser.keepAlive || rest)
            this.socket.destroy();
        else
            this.release(this);
    }
}
export class HttpPool {
    host;
    port;
    maxSockets;
    idle = [];
    all = new Set();
    queue = [];
    closed = false;
    constructor(host, port, maxSockets = 1024) {
        this.host = host;
        this.port = port;
        this.maxSockets = maxSockets;
    }
    /** Sends one raw request (head + body) on a free connection, or queues it. */
    send(request, handler) {
        if (this.closed) {
            handler.onError(new Error('pool closed'));
            return;
        }
        this.dispatch({ request, handler });
    }
    dispatch(job) {
        const conn = this.idle.pop();
        if (conn)
            conn.run(job);
        else if (this.all.size < this.maxSockets)
            this.open(job);
        else
            this.queue.push(job);
    }
    open(job) {
        const socket = connect(this.port, this.host);
        const conn = new PooledConnection(socket, (c) => this.release(c), (c, retry) => this.drop(c, retry));
        this.all.add(conn);
        conn.run(job);
    }
    release(conn) {
        const next = this.queue.shift();
        if (next)
            conn.run(next);
        else
            this.idle.push(conn);
    }
    drop(conn, retry) {
        this.all.delete(conn);
        const i = this.idle.indexOf(conn);
        if (i !== -1)
            this.idle.splice(i, 1);
        if (this.closed) {
            retry?.handler.onError(new Error('pool closed'));
            return;
        }
        if (retry)
            this.dispatch(retry);
        else {
            const next = this.queue.shift();
            if (next)
                this.open(next);
        }
    }
    close() {
        this.closed = true;
        for (const job of this.queue.splice(0))
            job.handler.onError(new Error('pool closed'));
        for (const conn of this.all)
            conn.socket.destroy();
    }
}
//# sourceMappingURL=httpPool.js.map