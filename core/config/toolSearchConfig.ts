/**
 * `toolSearch` (under `mcpMux`; later also under a profile, hence the path parameter):
 *
 *   "toolSearch": { "mode": "auto", "threshold": 40, "maxResults": 10, "maxActivated": 32 }
 *
 * `off` (the default): clients list every tool. `search`: clients list the meta-tools
 * `search_tools` and `call_tool` (plus the tools they activated). `auto`: like `search` for a
 * client that would see more than `threshold` tools, else the plain list.
 */
import { child, type Issues, integer, knownKeys, object, oneOf } from './configSchema.js';

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

export const TOOL_SEARCH_DEFAULTS: Readonly<ToolSearchConfig> = Object.freeze({
  mode: 'off',
  threshold: 40,
  maxResults: 10,
  maxActivated: 32,
});

const KEYS = new Set(['mode', 'threshold', 'maxResults', 'maxActivated']);
const MODES = ['off', 'search', 'auto'] as const;

/** Parses one `toolSearch` object at `path`; missing keys take the defaults. */
export function parseToolSearch(
  value: unknown,
  path: string,
  issues: Issues,
): ToolSearchConfig | undefined {
  const raw = object(value, path, issues);
  if (!raw) return undefined;
  knownKeys(raw, path, KEYS, issues);
  const at = (key: string) => child(path, key);
  const out: ToolSearchConfig = { ...TOOL_SEARCH_DEFAULTS };
  if (raw.mode !== undefined) out.mode = oneOf(raw.mode, at('mode'), issues, MODES) ?? out.mode;
  if (raw.threshold !== undefined) {
    const range = { min: 0, max: 1_000_000 };
    out.threshold = integer(raw.threshold, at('threshold'), issues, range) ?? out.threshold;
  }
  if (raw.maxResults !== undefined) {
    const range = { min: 1, max: 100 };
    out.maxResults = integer(raw.maxResults, at('maxResults'), issues, range) ?? out.maxResults;
  }
  if (raw.maxActivated !== undefined) {
    const range = { min: 0, max: 256 };
    const max = integer(raw.maxActivated, at('maxActivated'), issues, range);
    if (max !== undefined) out.maxActivated = max;
  }
  return out;
}
