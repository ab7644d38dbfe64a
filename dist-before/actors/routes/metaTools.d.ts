/**
 * The meta-tools a client lists instead of every tool when `toolSearch` is on: their names and
 * definitions. The names are unprefixed; upstream tools carry `prefix + separator`, so only an
 * upstream with `prefix: ""` could expose the same name: while search is on, the meta-tool
 * shadows it (not listed, not found; core/catalog/README.md, "Search").
 */
import type { ToolSearchConfig } from '../../core/config/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
export declare const SEARCH_TOOLS = "search_tools";
export declare const CALL_TOOL = "call_tool";
export declare const isMetaTool: (name: unknown) => boolean;
/** `search_tools` and `call_tool` as `tools/list` shows them; `activate` only for a session. */
export declare function metaToolDefinitions(config: ToolSearchConfig, canActivate: boolean): JsonObject[];
