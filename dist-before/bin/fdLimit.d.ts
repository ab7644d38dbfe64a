import type { Logger } from '../core/log/index.js';
/** The soft `RLIMIT_NOFILE`, or undefined where it cannot be read (not Linux) or is unlimited. */
export declare function softFdLimit(limitsText?: string): number | undefined;
export interface FdNeeds {
    listeners: number;
    maxConnections: number;
    stdioUpstreams: number;
}
/** Descriptors the configured limits can use at once (isolated sessions add more). */
export declare function fdsNeeded(needs: FdNeeds): number;
/** Warns when the soft limit is below `fdsNeeded`; returns whether it warned. */
export declare function checkFdLimit(log: Logger, needs: FdNeeds, soft?: number | undefined): boolean;
