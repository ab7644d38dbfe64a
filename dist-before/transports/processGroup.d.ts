/** Sends `signal` to the group led by `pid` (to `pid` alone on Windows). False if nobody got it. */
export declare function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean;
/**
 * Whether the group led by `pid` still has a running member. Zombies do not count: an orphan
 * that was killed stays a zombie until init reaps it, which is not the router's business.
 */
export declare function groupAlive(pid: number): boolean;
/** Resolves true once `done()` holds, or false after `timeoutMs` (checked every `everyMs`). */
export declare function waitUntil(done: () => boolean, timeoutMs: number, everyMs?: number): Promise<boolean>;
/**
 * Terminates what is left of a group whose leader has exited: SIGTERM, then SIGKILL after
 * `graceMs`. Resolves when the group is empty or the SIGKILL was sent and waited for.
 */
export declare function reapGroup(pid: number, graceMs: number): Promise<void>;
/** Records a live group, to be killed if the router exits before closing it. */
export declare function trackGroup(pid: number): void;
export declare function untrackGroup(pid: number): void;
/** SIGKILLs every recorded group (the `process.on('exit')` hook; synchronous). */
export declare function killTrackedGroups(): void;
