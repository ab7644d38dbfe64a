/**
 * Hot reload: applying a new config to a running router (`Router.reload`).
 *
 * The rule: upstreams are matched by name, and compared by their parsed config (a deep
 * comparison of `UpstreamConfig`, so any key counts: command, args, env, limits, filters,
 * restart policy...).
 * - enabled only in the new config → **added**;
 * - running but absent or disabled in the new config → **removed** (its tools, prompts and
 *   resources leave the catalog at once with a list_changed, then it is closed; its in-flight
 *   requests fail with -32011 naming the reason);
 * - in both with a different config → **restarted**: removed, and added again once the old
 *   connection is closed (so two copies of one server never run side by side);
 * - otherwise **untouched**: its connection, in-flight requests and catalog part stay (an
 *   untouched upstream that moved in the file has its lists re-fetched, as catalog order
 *   follows file order).
 * Sessions stay connected throughout; clients see list_changed for what left and what came.
 * Router-wide keys that would rename every exposed item (`separator`, `maxNameLength`) cannot
 * change live: such a config is rejected and the running one stays. `logLevel` and
 * `requestStateKey` take effect at the next start (a warning says so; a new key would void
 * every `requestState` out there); the other router-wide keys are read when used.
 */
import { type RouterConfig, type UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
export interface ReloadResult {
    added: string[];
    removed: string[];
    restarted: string[];
    unchanged: string[];
}
/** What the router lends `reloadRouter`. */
export interface ReloadHost {
    current: RouterConfig;
    /** Names of the upstreams the router runs now. */
    running: string[];
    log: Logger;
    setConfig(config: RouterConfig): void;
    /** Creates and starts an upstream. */
    add(config: UpstreamConfig): void;
    /** Takes an upstream out of the catalog at once; resolves when it is closed. */
    remove(name: string, reason: string): Promise<void>;
    /** Re-fetches an untouched upstream's lists (its catalog order changed). */
    reorder(name: string): void;
}
export interface ReloadPlan extends ReloadResult {
    /** Untouched upstreams whose position in the file changed. */
    moved: string[];
}
/** Decides what a reload does. @throws ConfigError when `next` cannot be applied live. */
export declare function planReload(current: RouterConfig, next: RouterConfig, running: string[]): ReloadPlan;
/** Applies `next` (see the file comment). @throws ConfigError, with nothing changed. */
export declare function reloadRouter(next: RouterConfig, host: ReloadHost): Promise<ReloadResult>;
/** Deep equality of JSON-like values (key order does not matter). */
export declare function sameValue(a: unknown, b: unknown): boolean;
