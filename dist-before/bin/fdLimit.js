/**
 * The start-up check of the open-file limit. Every network connection and
 * every stdio upstream (three pipes) holds descriptors; when they run out, accepting and
 * spawning fail. The check reads the soft limit (`ulimit -n`, Linux `/proc/self/limits`) and
 * warns when it is below what the configured limits can use. Elsewhere it says nothing.
 */
import { readFileSync } from 'node:fs';
/** Descriptors the process uses besides connections and upstream pipes (stdio, logs, watchers). */
const BASE_FDS = 64;
/** Pipes (stdin, stdout, stderr) per stdio upstream. */
const FDS_PER_STDIO_UPSTREAM = 3;
/** The soft `RLIMIT_NOFILE`, or undefined where it cannot be read (not Linux) or is unlimited. */
export function softFdLimit(limitsText) {
    let text = limitsText;
    if (text === undefined) {
        try {
            text = readFileSync('/proc/self/limits', 'utf8');
        }
        catch {
            return undefined;
        }
    }
    const match = /^Max open files\s+(\S+)/m.exec(text);
    const value = Number(match?.[1]);
    return Number.isSafeInteger(value) ? value : undefined;
}
/** Descriptors the configured limits can use at once (isolated sessions add more). */
export function fdsNeeded(needs) {
    return (BASE_FDS +
        needs.listeners * needs.maxConnections +
        needs.stdioUpstreams * FDS_PER_STDIO_UPSTREAM);
}
/** Warns when the soft limit is below `fdsNeeded`; returns whether it warned. */
export function checkFdLimit(log, needs, soft = softFdLimit()) {
    if (soft === undefined)
        return false;
    const needed = fdsNeeded(needs);
    if (soft >= needed)
        return false;
    log.warn(`the open-file limit (ulimit -n ${soft}) is below the ${needed} descriptors the listeners and upstreams may need: raise it (ulimit -n ${needed}) or lower --max-connections; spawning upstreams fails when it runs out`, { softLimit: soft, needed, ...needs });
    return true;
}
//# sourceMappingURL=fdLimit.js.map