/**
 * `mcpMux.profiles`: named views of the router (virtual servers), each a subset of what it
 * serves, with its own tool search:
 *
 *   "profiles": {
 *     "coding": { "upstreams": ["github", "fs*"], "tools": ["*__read_*", "github__*"],
 *                 "toolSearch": { "mode": "auto" } },
 *     "docs":   { "upstreams": ["docs"], "resources": ["docs://**"] }
 *   }
 *
 * Globs (picomatch, like `access`): `upstreams` over server names, `tools` and `prompts` over
 * EXPOSED names, `resources` over resource URIs and URI templates. A key left out lets
 * everything of its kind through. Served at `/mcp/<name>` (and `/sse/<name>`, WebSocket
 * `/mcp/<name>`) and chosen over stdio with `--profile NAME`.
 */
import { type Issues } from './configSchema.js';
import { type ToolSearchConfig } from './toolSearchConfig.js';
export interface ProfileConfig {
    upstreams?: string[];
    tools?: string[];
    prompts?: string[];
    resources?: string[];
    /** Replaces `mcpMux.toolSearch` for this profile's clients. */
    toolSearch?: ToolSearchConfig;
}
/** A profile's name: one URL path segment, as a server name is. */
export declare const PROFILE_NAME: RegExp;
export declare function parseProfiles(value: unknown, path: string, issues: Issues): Record<string, ProfileConfig> | undefined;
