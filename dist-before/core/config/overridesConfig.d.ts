/**
 * Per server `toolOverrides` and `promptOverrides`, keyed by the upstream's ORIGINAL name:
 *
 *   "toolOverrides": {
 *     "delete_repo": { "hidden": true },
 *     "search": { "name": "find_code", "description": "Search code.",
 *                 "annotations": { "readOnlyHint": true } }
 *   }
 *
 * `name` is the upstream-side name (the server's prefix and the length rules still apply).
 * Two overrides giving one name, or a new name that another override key keeps, are config
 * errors; a new name meeting an upstream item that has no override can only be known when the
 * upstream lists it, and is a catalog collision then (core/catalog/README.md).
 */
import type { ItemOverrides } from '../catalog/index.js';
import { type Issues } from './configSchema.js';
/** Parses `toolOverrides` (kind `tools`) or `promptOverrides` (kind `prompts`) at `path`. */
export declare function parseOverrides(value: unknown, path: string, kind: 'tools' | 'prompts', issues: Issues): ItemOverrides | undefined;
