/**
 * The audit trail's file (`--audit FILE`, `mcpMux.audit.file`): append-only JSON lines, written
 * without ever making a routed request wait. Lines go to the stream at once; at most
 * `maxPending` may wait for the disk, and past that a line is dropped and counted (the
 * `mcp_mux_audit_dropped_total` counter, and a `{"event":"audit.dropped"}` line written as soon
 * as there is room again, so the file itself says where lines are missing).
 *
 * `reopen()` (SIGHUP, after logrotate moved the file): new lines go to a fresh file at the
 * same path; the old stream finishes what it holds and closes.
 */
import { createWriteStream } from 'node:fs';
const appendOnly = (file) => 
// 0o600: the trail names principals and tools; only the operator reads it.
createWriteStream(file, { flags: 'a', mode: 0o600 });
export class AuditWriter {
    #options;
    #max;
    #stream;
    #pending = 0;
    #written = 0;
    #dropped = 0;
    /** Dropped since the last report line. */
    #unreported = 0;
    constructor(options) {
        this.#options = options;
        this.#max = options.maxPending ?? 10_000;
        this.#stream = this.#open();
    }
    /** Appends one line (a JSON text without its newline); never blocks, never throws. */
    write(line) {
        if (this.#pending >= this.#max) {
            this.#dropped++;
            if (this.#unreported++ === 0)
                this.#options.onDrop?.();
            return;
        }
        if (this.#unreported > 0) {
            const now = (this.#options.now ?? Date.now)();
            const report = { time: new Date(now).toISOString(), event: 'audit.dropped' };
            this.#put(JSON.stringify({ ...report, dropped: this.#unreported }));
            this.#unreported = 0;
        }
        this.#put(line);
    }
    /** Lines written to the file and dropped so far. */
    stats() {
        return { written: this.#written, dropped: this.#dropped };
    }
    /** Reopens the file at its path (logrotate moved it away). */
    reopen() {
        const old = this.#stream;
        this.#stream = this.#open();
        old.end();
    }
    /** Flushes what waits and closes the file. */
    close() {
        const stream = this.#stream;
        return new Promise((resolve) => {
            if (stream.destroyed)
                resolve();
            else
                stream.end(() => resolve());
        });
    }
    #put(line) {
        this.#pending++;
        this.#stream.write(`${line}\n`, (error) => {
            this.#pending--;
            if (!error)
                this.#written++;
        });
    }
    #open() {
        const stream = (this.#options.open ?? appendOnly)(this.#options.file);
        // Kept listening: a destroyed stream errors each later write too (never unhandled).
        let told = false;
        stream.on('error', (error) => {
            if (!told)
                this.#options.onError?.(error);
            told = true;
        });
        return stream;
    }
}
//# sourceMappingURL=auditWriter.js.map