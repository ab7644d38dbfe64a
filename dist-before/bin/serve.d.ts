import type { TrafficCounter } from '../core/observe/index.js';
import type { Logger, Router } from '../index.js';
import type { Facades } from './facades.js';
export interface ServeOptions {
    /** Serve a client on stdin/stdout; its end (stdin closed) stops the router. */
    stdio: boolean;
    /** Network listeners already attached to the router (bin/facades.ts). */
    facades?: Facades;
    /** The config file: watched for changes (hot reload, also on SIGHUP). */
    configPath?: string;
    /** Counts the stdio facade's bytes (metrics); stdin/stdout's own counters are read. */
    stdioTraffic?: TrafficCounter;
    /** `--profile`: the stdio client sees only this profile (`mcpMux.profiles`). */
    profile?: string;
}
export declare function serve(router: Router, log: Logger, options: ServeOptions): Promise<number>;
