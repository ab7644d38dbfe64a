export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'text' | 'json';
export interface Logger {
    debug(message: string, fields?: Record<string, unknown>): void;
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
    error(message: string, fields?: Record<string, unknown>): void;
    child(name: string): Logger;
}
export type LogSink = (line: string) => void;
export declare const REDACTED = "[redacted]";
/** `fields` with credential-like values replaced (two levels deep); the input is not changed. */
export declare function redact(fields: Record<string, unknown>, depth?: number): Record<string, unknown>;
export interface LoggerOptions {
    level?: LogLevel;
    sink?: LogSink;
    name?: string;
    /** `text` (default) or `json` (pino). */
    format?: LogFormat;
}
export declare function createLogger(options?: LoggerOptions): Logger;
/** A logger that drops everything (library default when the embedder gives none). */
export declare const silentLogger: Logger;
