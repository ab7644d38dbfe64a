/**
 * The soak's chaos: SIGKILL one upstream process at a time (found among the router's children
 * by its command line; the router restarts it), and rewrite the config file so the watcher
 * reloads (the upstream `c` comes and goes).
 */
import { childrenOf } from './probes.js';
/** Which upstream a child's command line is: `--name X` of surfaceServer, or `ask`. */
export function upstreamOf(cmdline) {
    if (cmdline.includes('askingServer'))
        return 'ask';
    return /surfaceServer\.js --name (\S+)/.exec(cmdline)?.[1];
}
/** Kills the next upstream in turn across `targets`; a turn with nothing to kill is a miss. */
export function killer(targets, stats) {
    const turns = targets.flatMap((t) => t.upstreams.map((u) => ({ target: t, upstream: u })));
    let next = 0;
    return () => {
        const turn = turns[next++ % turns.length];
        const parent = turn?.target.pid();
        if (!turn || parent === undefined)
            return;
        const child = childrenOf(parent).find((c) => upstreamOf(c.cmdline) === turn.upstream);
        if (!child) {
            stats.missed++;
            return;
        }
        try {
            process.kill(child.pid, 'SIGKILL');
            stats.kills.push({
                at: Date.now(),
                router: turn.target.label,
                upstream: turn.upstream,
                pid: child.pid,
            });
        }
        catch {
            stats.missed++;
        }
    };
}
/** Rewrites the config with `c` toggled at each call. */
export function rewriter(write, stats) {
    let withC = false;
    return () => {
        withC = !withC;
        write(withC);
        stats.rewrites++;
    };
}
export function chaosStats() {
    return { kills: [], missed: 0, rewrites: 0 };
}
//# sourceMappingURL=chaos.js.map