/**
 * Keys that MCP clients write into their own `mcpServers` config (Claude Desktop, Cline,
 * Roo Code, Cursor, Windsurf, Claude Code, VS Code…) and mcp-mux has no use for. A config
 * copied from a client must load unchanged: these keys are ignored with one warning instead of
 * refusing the file. Any other unknown key is an error, with "did you mean" when a known key
 * is close (a likely typo).
 */
/** Per-server keys of client configs that mcp-mux ignores. */
export declare const CLIENT_SERVER_KEYS: ReadonlySet<string>;
/** Top-level keys of client config files (beside `mcpServers`) that mcp-mux ignores. */
export declare const CLIENT_TOP_KEYS: ReadonlySet<string>;
/** The known key closest to `key`, if it is close enough to be a likely typo. */
export declare function didYouMean(key: string, known: Iterable<string>): string | undefined;
