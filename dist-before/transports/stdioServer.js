/**
 * The server side of the MCP stdio transport: the router itself is the child, reading
 * newline-delimited JSON from its stdin and writing it to its stdout.
 *
 * - Only protocol messages are written to `output`; logs go to stderr through `core/log/log.ts`.
 * - `closed$`: `{kind:'remote'}` when the input ends (the client closed our stdin, the spec's
 *   way to shut a stdio server down) or the output breaks (EPIPE: the client is gone);
 *   `{kind:'error'}` on another stream error; `{kind:'local'}` on `close()`;
 *   `{kind:'slow-reader'}` when the client stops reading.
 * - `close()` stops reading, hands what is queued to the output and ends it (the spec's
 *   server-initiated shutdown), then resolves; it waits at most `closeTimeoutMs` for the
 *   output to flush. The process's own stdin is paused, not destroyed.
 */
import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import { StreamTransport } from './streamTransport.js';
const isPeerGone = (error) => {
    const code = error.code;
    return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_STREAM_DESTROYED';
};
let ownStdout;
/**
 * The process's stdout for protocol messages. Node writes `process.stdout` synchronously when
 * it is a pipe, so one slow client read stalls the whole router (every upstream, every
 * session) inside write(2). When fd 1 is a pipe or a socket, mcp-mux writes through its own
 * non-blocking socket on fd 1 instead (backpressure then shows as `drain`, which the transport
 * honours); files and terminals keep `process.stdout`. Nothing else writes to stdout.
 */
export function processStdout() {
    if (ownStdout !== undefined)
        return ownStdout;
    let stat;
    try {
        stat = fstatSync(1);
    }
    catch {
        stat = undefined;
    }
    ownStdout =
        stat?.isFIFO() || stat?.isSocket()
            ? new Socket({ fd: 1, readable: false, writable: true })
            : process.stdout;
    return ownStdout;
}
export class StdioServerTransport extends StreamTransport {
    #input;
    #output;
    #closeTimeoutMs;
    #closing;
    constructor(options = {}) {
        super(options);
        this.#input = options.input ?? process.stdin;
        this.#closeTimeoutMs = options.closeTimeoutMs ?? 2000;
        this.attachInput(this.#input);
        this.#output = options.output ?? processStdout();
        this.attachOutput(this.#output);
    }
    close() {
        this.#closing ??= this.#close();
        return this.#closing;
    }
    async #close() {
        this.finish({ kind: 'local' });
        await this.endOutput(this.#closeTimeoutMs);
        // Output nobody reads must not keep the process alive (process.stdout never does).
        const output = this.#output;
        if (output instanceof Socket && !output.writableFinished)
            output.destroy();
    }
    onFinish(_reason) {
        this.detachInput();
        this.#input.pause();
    }
    onSlowReader(bufferedBytes) {
        this.log.warn('the stdio client is not reading our output: closing', {
            bufferedBytes,
            maxBufferedBytes: this.maxBufferedBytes,
        });
        this.finish({ kind: 'slow-reader', bufferedBytes });
    }
    onInputEnd() {
        this.finish({ kind: 'remote' });
    }
    onInputError(error) {
        this.finish(isPeerGone(error) ? { kind: 'remote' } : { kind: 'error', error });
    }
    onOutputError(error) {
        this.finish(isPeerGone(error) ? { kind: 'remote' } : { kind: 'error', error });
    }
}
//# sourceMappingURL=stdioServer.js.map