/**
 * The router's config changes, one after the other: `reload` (a whole config, parsed or in the
 * file's format) and the one-upstream edits a library user makes (`addUpstream`,
 * `removeUpstream`), which are reloads of the running config with one entry more or less, so
 * they apply exactly as a file edit would (reload.ts). A refused change keeps the running
 * config; entries are validated as in a file (`parseUpstreamEntry`: `ConfigError`).
 */
import { type RouterConfig, type UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import { ALL_KINDS } from './facade.js';
import { type ReloadResult } from './reload.js';
export interface ConfigChangesHost {
    config(): RouterConfig;
    setConfig(config: RouterConfig): void;
    /** The running upstreams (the router's `UpstreamPool`). */
    readonly upstreams: {
        keys(): IterableIterator<string>;
        add(upstream: UpstreamConfig): void;
        remove(name: string, reason: string): Promise<void>;
        refresh(name: string, kinds: typeof ALL_KINDS): void;
    };
    readonly log: Logger;
}
export declare class ConfigChanges {
    #private;
    constructor(host: ConfigChangesHost);
    /** Applies `config` (parsed, or raw and parsed here) after the changes before it. */
    reload(config: RouterConfig | Record<string, unknown>): Promise<ReloadResult>;
    /** Adds upstream `name` from a raw `mcpServers` entry. @throws ConfigError (rejects) */
    add(name: string, entry: Record<string, unknown>): Promise<ReloadResult>;
    /** Removes upstream `name` (its catalog part at once, then its connection). */
    remove(name: string): Promise<ReloadResult>;
}
