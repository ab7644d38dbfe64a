/** Formats one event; `data` may hold newlines (one `data:` line each). */
export function formatSseEvent(event) {
    let out = '';
    if (event.id !== undefined)
        out += `id: ${event.id}\n`;
    if (event.event !== undefined)
        out += `event: ${event.event}\n`;
    if (event.retry !== undefined)
        out += `retry: ${event.retry}\n`;
    for (const line of event.data.split('\n'))
        out += `data: ${line}\n`;
    return `${out}\n`;
}
/** Not mutated: `writeHead` only reads a header array. */
const SSE_HEADERS = [
    'content-type',
    'text/event-stream',
    'cache-control',
    'no-cache, no-transform',
    'connection',
    'keep-alive',
    'x-accel-buffering',
    'no',
];
export class SseWriter {
    #res;
    #queue = [];
    #queuedBytes = 0;
    #ended = false;
    #onClose = [];
    /**
     * Sends the headers (200, `text/event-stream`, `Mcp-Session-Id` when given) together with
     * `first`, the stream's first events (a priming event, an `endpoint`): one write, where
     * flushing the headers alone first would cost a syscall of its own. An empty `first` flushes
     * the headers alone (a resumption with nothing to replay yet).
     */
    constructor(res, first, sessionId) {
        this.#res = res;
        res.writeHead(200, sessionId === undefined ? SSE_HEADERS : [...SSE_HEADERS, 'mcp-session-id', sessionId]);
        if (first === '')
            res.flushHeaders();
        else
            res.write(first);
        res.on('drain', () => this.#flush());
        res.on('close', () => {
            this.#ended = true;
            this.#queue.length = 0;
            this.#queuedBytes = 0;
            for (const listener of this.#onClose.splice(0))
                listener();
        });
    }
    /** True once the response ended or the client went away. */
    get ended() {
        return this.#ended;
    }
    get bufferedBytes() {
        return this.#ended ? 0 : this.#queuedBytes + this.#res.writableLength;
    }
    /** Called once when the underlying connection closes (either side). */
    onClose(listener) {
        if (this.#ended && this.#res.closed)
            listener();
        else
            this.#onClose.push(listener);
    }
    write(event) {
        this.writeRaw(formatSseEvent(event));
    }
    writeRaw(text) {
        if (this.#ended)
            return;
        if (this.#queue.length > 0 || this.#res.writableNeedDrain) {
            this.#queue.push(text);
            this.#queuedBytes += Buffer.byteLength(text);
            return;
        }
        this.#res.write(text);
    }
    /** Ends the response after whatever is queued. */
    end() {
        if (this.#ended)
            return;
        this.#ended = true;
        const rest = this.#queue.splice(0).join('');
        this.#queuedBytes = 0;
        this.#res.end(rest);
    }
    /** Drops the connection without flushing (a reader that stopped reading). */
    destroy() {
        this.#ended = true;
        this.#queue.length = 0;
        this.#queuedBytes = 0;
        this.#res.destroy();
    }
    #flush() {
        while (this.#queue.length > 0 && !this.#res.writableNeedDrain) {
            const text = this.#queue.shift();
            this.#queuedBytes -= Buffer.byteLength(text);
            this.#res.write(text);
        }
    }
}
//# sourceMappingURL=sseWriter.js.map