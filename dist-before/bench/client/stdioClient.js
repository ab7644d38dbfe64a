/**
 * A JSON-RPC client over a spawned child's stdin/stdout (newline-delimited). The child's
 * stderr is kept as a short tail for error messages, never echoed.
 */
import { spawn } from 'node:child_process';
import { trackChild } from '../childRegistry.js';
import { createBatchedWriter, createLineSplitter } from './lineSplitter.js';
import { RpcClient } from './rpcClient.js';
const TAIL_LINES = 30;
export class StdioClient extends RpcClient {
    child;
    write;
    tail = [];
    exited = false;
    exit;
    constructor(endpoint) {
        super();
        this.child = spawn(endpoint.command, endpoint.args, {
            stdio: ['pipe', 'pipe', 'pipe'],
            env: { ...process.env, ...endpoint.env },
            ...(endpoint.cwd ? { cwd: endpoint.cwd } : {}),
        });
        trackChild(this.child);
        this.write = createBatchedWriter((text) => {
            if (!this.exited)
                this.child.stdin.write(text);
        });
        this.child.stdin.on('error', () => { }); // EPIPE after exit: reported through 'exit'
        this.child.stdout.on('data', createLineSplitter((line) => this.receiveText(line)));
        this.child.stderr.setEncoding('utf8');
        this.child.stderr.on('data', (text) => {
            for (const line of text.split('\n')) {
                if (line.length === 0)
                    continue;
                this.tail.push(line);
                if (this.tail.length > TAIL_LINES)
                    this.tail.shift();
            }
        });
        this.exit = new Promise((resolve) => {
            const done = (detail) => {
                if (this.exited)
                    return;
                this.exited = true;
                this.failAll(new Error(`${endpoint.command} ${detail}${this.stderrTail('\n  ')}`));
                resolve();
            };
            this.child.on('exit', (code, signal) => done(`exited (code ${code}, signal ${signal})`));
            this.child.on('error', (e) => done(`failed to start: ${e.message}`));
        });
    }
    get pid() {
        return this.child.pid;
    }
    stderrTail(separator = '\n') {
        return this.tail.length === 0 ? '' : separator + this.tail.join(separator);
    }
    sendText(text) {
        this.write(`${text}\n`);
    }
    /** Closes stdin, then SIGTERM after 1 s and SIGKILL after 3 s if the child lingers. */
    async close() {
        if (this.exited)
            return;
        this.child.stdin.end();
        const t1 = setTimeout(() => this.child.kill('SIGTERM'), 1000);
        const t2 = setTimeout(() => this.child.kill('SIGKILL'), 3000);
        await this.exit;
        clearTimeout(t1);
        clearTimeout(t2);
    }
}
//# sourceMappingURL=stdioClient.js.map