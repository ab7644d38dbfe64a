export declare const REDACTED = "[redacted]";
export declare function redactKeys(value: unknown, globs: readonly string[]): unknown;
