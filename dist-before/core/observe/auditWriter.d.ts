import type { Writable } from 'node:stream';
export interface AuditWriterOptions {
    readonly file: string;
    /** Lines that may wait for the disk at once (default 10,000). */
    readonly maxPending?: number;
    /** Opens the file for appending (tests: a slow stream). Default: `fs.createWriteStream`. */
    readonly open?: (file: string) => Writable;
    /** A write failed (disk full, permissions): told once per stream. */
    readonly onError?: (error: Error) => void;
    /** The first line of a run of drops was dropped (a log warning; once per run). */
    readonly onDrop?: () => void;
    /** Wall-clock time of the drop reports (default `Date.now`). */
    readonly now?: () => number;
}
export declare class AuditWriter {
    #private;
    constructor(options: AuditWriterOptions);
    /** Appends one line (a JSON text without its newline); never blocks, never throws. */
    write(line: string): void;
    /** Lines written to the file and dropped so far. */
    stats(): {
        written: number;
        dropped: number;
    };
    /** Reopens the file at its path (logrotate moved it away). */
    reopen(): void;
    /** Flushes what waits and closes the file. */
    close(): Promise<void>;
}
