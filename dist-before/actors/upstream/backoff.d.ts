/**
 * The delay before the next restart of a failed upstream (exponential backoff with jitter).
 *
 * With `n` the number of restarts already made in a row (0 for the first), `b` the policy's
 * `initialDelayMs`, `m` its `maxDelayMs`, `f` its `factor` and `r` uniform in [0, 1):
 *
 *   cap(n)        = min(m, b · f^n)
 *   none          = cap(n)
 *   full          = b + r · (cap(n) − b)                       uniform in [b, cap(n)]
 *   decorrelated  = b + r · (min(m, max(b, previous · f)) − b)  uniform in [b, min(m, previous · f)]
 *
 * Every delay lies in [b, m], so a server that exits at once is restarted at most once per
 * `b` ms, and never more often than once per `m` ms once the cap is reached ("full" keeps a
 * floor of `b` instead of AWS's 0 for the same reason).
 */
import type { RestartPolicy } from '../../core/config/index.js';
export type Random = () => number;
export declare function backoffCap(policy: RestartPolicy, restarts: number): number;
/** The delay before restart number `restarts + 1`; `previous` is the last delay (0 if none). */
export declare function backoffDelay(policy: RestartPolicy, restarts: number, previous: number, random: Random): number;
