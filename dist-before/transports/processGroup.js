/**
 * Process groups as the unit of a stdio server's lifetime. The child is spawned `detached`, so
 * it leads its own group and whatever it starts (a `sh -c`, an `npx` wrapper, helpers) joins
 * that group: signalling `-pid` reaches all of them, and the router's terminal signals do not.
 *
 * Every live group is recorded so that a router exiting without an orderly close (an
 * uncaught exception, `process.exit()`) still kills its children from `process.on('exit')`.
 * That hook can only act synchronously, so it sends SIGKILL: it is the last resort, the
 * orderly path is `StdioClientTransport.close()`. A router killed outright runs no hook at
 * all: the watchdog in `reaper.ts` ends the groups then.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { reaperTrack } from './reaper.js';
const isWindows = process.platform === 'win32';
/** Sends `signal` to the group led by `pid` (to `pid` alone on Windows). False if nobody got it. */
export function signalGroup(pid, signal) {
    try {
        process.kill(isWindows ? pid : -pid, signal);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * Whether the group led by `pid` still has a running member. Zombies do not count: an orphan
 * that was killed stays a zombie until init reaps it, which is not the router's business.
 */
export function groupAlive(pid) {
    if (!signalGroup(pid, 0))
        return false;
    if (process.platform !== 'linux')
        return true;
    try {
        for (const entry of readdirSync('/proc')) {
            if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57)
                continue;
            let stat;
            try {
                stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            }
            catch {
                continue; // exited while we looked
            }
            // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            if (Number(fields[2]) === pid && fields[0] !== 'Z')
                return true;
        }
        return false;
    }
    catch {
        return true;
    }
}
/** Resolves true once `done()` holds, or false after `timeoutMs` (checked every `everyMs`). */
export function waitUntil(done, timeoutMs, everyMs = 25) {
    return new Promise((resolve) => {
        if (done()) {
            resolve(true);
            return;
        }
        const deadline = Date.now() + timeoutMs;
        const timer = setInterval(() => {
            if (done()) {
                clearInterval(timer);
                resolve(true);
            }
            else if (Date.now() >= deadline) {
                clearInterval(timer);
                resolve(false);
            }
        }, everyMs);
    });
}
/**
 * Terminates what is left of a group whose leader has exited: SIGTERM, then SIGKILL after
 * `graceMs`. Resolves when the group is empty or the SIGKILL was sent and waited for.
 */
export async function reapGroup(pid, graceMs) {
    if (isWindows || !groupAlive(pid))
        return;
    signalGroup(pid, 'SIGTERM');
    if (await waitUntil(() => !groupAlive(pid), graceMs))
        return;
    signalGroup(pid, 'SIGKILL');
    await waitUntil(() => !groupAlive(pid), graceMs);
}
const liveGroups = new Set();
let exitHookInstalled = false;
/** Records a live group, to be killed if the router exits before closing it. */
export function trackGroup(pid) {
    liveGroups.add(pid);
    reaperTrack(pid, true);
    if (!exitHookInstalled) {
        exitHookInstalled = true;
        process.on('exit', killTrackedGroups);
    }
}
export function untrackGroup(pid) {
    if (liveGroups.delete(pid))
        reaperTrack(pid, false);
}
/** SIGKILLs every recorded group (the `process.on('exit')` hook; synchronous). */
export function killTrackedGroups() {
    for (const pid of liveGroups)
        signalGroup(pid, 'SIGKILL');
    liveGroups.clear();
}
//# sourceMappingURL=processGroup.js.map