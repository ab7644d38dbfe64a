/**
 * `x-mcp-header` (2026-07-28, basic/transports/streamable-http "Custom Headers from Tool
 * Parameters"): a tool's `inputSchema` may name parameters whose values a client mirrors into
 * `Mcp-Param-{Name}` HTTP headers. A Streamable HTTP client MUST support it and MUST exclude a
 * tool whose annotations break the rules from `tools/list`.
 */
/** One annotated parameter: its header name part and the `properties` path to its value. */
export interface ParamHeader {
    name: string;
    path: readonly string[];
}
/** A tool's annotations, or why the tool must be excluded. */
export type ParamHeaders = {
    ok: true;
    headers: ParamHeader[];
} | {
    ok: false;
    reason: string;
};
/** Reads and checks the `x-mcp-header` annotations of a tool's `inputSchema`. */
export declare function paramHeadersOf(inputSchema: unknown): ParamHeaders;
/**
 * The `Mcp-Param-*` headers of a call with `args` (streamable-http "Value Encoding"): strings
 * as they are, integers in decimal, booleans as `true`/`false`; no header when the value is
 * absent or null.
 */
export declare function paramHeaderValues(headers: readonly ParamHeader[], args: unknown): Record<string, string>;
