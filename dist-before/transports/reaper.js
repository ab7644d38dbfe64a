/**
 * The watchdog that ends stdio upstreams when the router dies without running any code
 * (SIGKILL, OOM kill, a crash in native code), so that no upstream outlives it.
 *
 * Upstreams lead their own process groups (`processGroup.ts`), so nothing takes them down
 * with the router; the `process.on('exit')` hook only runs when the router exits in an
 * orderly way, and a child's stdin EOF only stops servers that watch their stdin (and never
 * their helpers). So the router starts, with its first stdio upstream, ONE small `sh` process
 * in its own session that reads the live group ids from a pipe (`+pgid` / `-pgid` lines).
 * The router holds the pipe's write end; when the router dies the kernel closes it, the
 * watchdog reads EOF and follows the MCP stdio shutdown: the children's stdin has just closed
 * too, so it waits `REAPER_GRACE_S` for them to exit, SIGTERMs the groups still alive, waits
 * again, and SIGKILLs them. An orderly exit closes the pipe too, after the groups were closed (nothing listed).
 *
 * What cannot be guaranteed (transports/README.md): a child that leaves its process group
 * (`setsid`, a daemonising double fork) is not found; the watchdog itself can be killed
 * (`kill -9` on its pid or the whole session); on Windows there are no process groups and
 * no watchdog.
 */
import { spawn } from 'node:child_process';
/** Seconds given to stdin EOF, then to SIGTERM, before the next step when the router died. */
export const REAPER_GRACE_S = 2;
const SCRIPT = `
trap '' INT TERM HUP
groups=""
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups \${line#+}" ;;
    -*) p="\${line#-}"; rest=""; for g in $groups; do [ "$g" = "$p" ] || rest="$rest $g"; done; groups="$rest" ;;
  esac
done
[ -z "$groups" ] && exit 0
sleep ${REAPER_GRACE_S}
alive=""
for g in $groups; do kill -0 -"$g" 2>/dev/null && alive="$alive $g"; done
[ -z "$alive" ] && exit 0
for g in $alive; do kill -TERM -"$g" 2>/dev/null; done
sleep ${REAPER_GRACE_S}
for g in $alive; do kill -KILL -"$g" 2>/dev/null; done
exit 0
`;
let reaper;
let failed = false;
function start() {
    if (failed || process.platform === 'win32')
        return undefined;
    if (reaper)
        return reaper;
    try {
        const child = spawn('/bin/sh', ['-c', SCRIPT], {
            stdio: ['pipe', 'ignore', 'ignore'],
            detached: true,
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        });
        child.on('error', () => {
            failed = true;
            reaper = undefined;
        });
        child.once('exit', () => {
            if (reaper === child)
                reaper = undefined;
        });
        child.stdin?.on('error', () => { });
        // Neither the watchdog nor its pipe keeps the router's event loop alive.
        child.unref();
        child.stdin?.unref?.();
        reaper = child;
        return child;
    }
    catch {
        failed = true;
        return undefined;
    }
}
/** Tells the watchdog about a live group (`+`) or one that is gone (`-`). */
export function reaperTrack(pid, live) {
    const child = live ? start() : reaper;
    if (!child?.stdin || child.stdin.destroyed)
        return;
    child.stdin.write(`${live ? '+' : '-'}${pid}\n`);
}
//# sourceMappingURL=reaper.js.map