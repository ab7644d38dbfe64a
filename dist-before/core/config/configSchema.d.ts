export interface ConfigIssue {
    /** JSON path of the offending value, e.g. `mcpServers.a.args[1]`; `''` is the whole file. */
    path: string;
    reason: string;
}
export type JsonObject = Record<string, unknown>;
export declare class Issues {
    readonly list: ConfigIssue[];
    /** Things worth telling that do not refuse the file (ignored client keys, duplicates…). */
    readonly warnings: string[];
    /** Keys that MCP clients write and mcp-mux ignores, by JSON path (one warning for all). */
    readonly ignored: string[];
    add(path: string, reason: string): undefined;
    warn(message: string): void;
}
/** The JSON type of a value as a user reads it in an error message. */
export declare function describe(value: unknown): string;
/** `base.key`, or `base["odd key"]` when the key would be ambiguous with dots. */
export declare function child(base: string, key: string): string;
export declare function item(base: string, index: number): string;
export declare const isObject: (value: unknown) => value is JsonObject;
export declare function object(value: unknown, path: string, issues: Issues): JsonObject | undefined;
/**
 * Reports every key of `value` that is not in `known`, with "did you mean" when a known key is
 * close; keys in `ignored` (what MCP clients write) are only noted in `issues.ignored`.
 */
export declare function knownKeys(value: JsonObject, path: string, known: ReadonlySet<string>, issues: Issues, ignored?: ReadonlySet<string>): void;
export declare function string(value: unknown, path: string, issues: Issues, rule?: {
    pattern: RegExp;
    description: string;
}): string | undefined;
export declare function boolean(value: unknown, path: string, issues: Issues): boolean | undefined;
/** The largest delay Node timers honour; above it `setTimeout` fires at once. */
export declare const MAX_TIMER_MS = 2147483647;
export declare function integer(value: unknown, path: string, issues: Issues, range: {
    min: number;
    max: number;
}): number | undefined;
export declare function oneOf<T extends string>(value: unknown, path: string, issues: Issues, choices: readonly T[]): T | undefined;
export declare function stringArray(value: unknown, path: string, issues: Issues, options?: {
    nonEmptyItems?: boolean;
}): string[] | undefined;
export declare function stringRecord(value: unknown, path: string, issues: Issues): Record<string, string> | undefined;
/**
 * Expands every `${NAME}`, `${env:NAME}`, `${NAME:-default}` and `${env:NAME:-default}` in
 * `text` from `env`, as client configs (Claude Desktop, Cursor, VS Code) write them. A missing
 * variable without a default, or a malformed name, is an issue (unless `lenient`, used for
 * disabled servers, which leaves the text as written). `$NAME` without braces stays literal,
 * and there is no escape.
 */
export declare function substituteEnv(text: string, path: string, env: Record<string, string | undefined>, issues: Issues, lenient: boolean): string;
/** `substituteEnv` over each string of an array (`args`). */
export declare function substituteEnvArray(values: readonly string[], path: string, env: Record<string, string | undefined>, issues: Issues, lenient: boolean): string[];
export declare function substituteEnvRecord(record: Record<string, string>, path: string, env: Record<string, string | undefined>, issues: Issues, lenient: boolean): Record<string, string>;
