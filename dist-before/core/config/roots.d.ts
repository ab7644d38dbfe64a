import { type Issues } from './configSchema.js';
/** One root as `roots/list` returns it (2025-11-25 schema, `Root`). */
export interface RootConfig {
    uri: string;
    name?: string;
}
/** Reads a `roots` value at `path`; `undefined` when absent (then the default applies). */
export declare function parseRoots(value: unknown, path: string, issues: Issues, baseDir: string | undefined): RootConfig[] | undefined;
