import { type RouterConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';
export interface WatchConfigOptions {
    log: Logger;
    apply: (config: RouterConfig) => Promise<unknown>;
    /** Quiet time after the last change before reloading. Default 200 ms. */
    debounceMs?: number;
    /** Also reload on SIGHUP. Default true. */
    sighup?: boolean;
}
export interface ConfigWatcher {
    /** Reloads now (what SIGHUP does); resolves when the reload is done or rejected. */
    reload(why: string): Promise<void>;
    close(): void;
}
export declare function watchConfig(path: string, options: WatchConfigOptions): ConfigWatcher;
