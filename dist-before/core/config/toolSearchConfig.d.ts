/**
 * `toolSearch` (under `mcpMux`; later also under a profile, hence the path parameter):
 *
 *   "toolSearch": { "mode": "auto", "threshold": 40, "maxResults": 10, "maxActivated": 32 }
 *
 * `off` (the default): clients list every tool. `search`: clients list the meta-tools
 * `search_tools` and `call_tool` (plus the tools they activated). `auto`: like `search` for a
 * client that would see more than `threshold` tools, else the plain list.
 */
import { type Issues } from './configSchema.js';
export type ToolSearchMode = 'off' | 'search' | 'auto';
export interface ToolSearchConfig {
    mode: ToolSearchMode;
    /** `auto`: the meta-tools replace the list when a client would see more tools than this. */
    threshold: number;
    /** The most tools one `search_tools` call returns (its `limit` argument may ask for fewer). */
    maxResults: number;
    /** Tools a legacy session may have activated at once (oldest dropped first); 0: none. */
    maxActivated: number;
}
export declare const TOOL_SEARCH_DEFAULTS: Readonly<ToolSearchConfig>;
/** Parses one `toolSearch` object at `path`; missing keys take the defaults. */
export declare function parseToolSearch(value: unknown, path: string, issues: Issues): ToolSearchConfig | undefined;
