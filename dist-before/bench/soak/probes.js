/**
 * What the soak reads of the router process from /proc (Linux): resident memory, open file
 * descriptors, and the process tree (to find an upstream's pid by its command line).
 */
import { readdirSync, readFileSync } from 'node:fs';
/** VmRSS in bytes, or undefined when the process is gone. */
export function rssBytes(pid) {
    try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
        return kb === undefined ? undefined : Number(kb) * 1024;
    }
    catch {
        return undefined;
    }
}
/** Number of open file descriptors, or undefined when the process is gone. */
export function fdCount(pid) {
    try {
        return readdirSync(`/proc/${pid}/fd`).length;
    }
    catch {
        return undefined;
    }
}
/** The live (non-zombie) children of `pid` with their command lines. */
export function childrenOf(pid) {
    const out = [];
    for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry))
            continue;
        try {
            const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            if (Number(fields[1]) !== pid || fields[0] === 'Z')
                continue;
            const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
            out.push({ pid: Number(entry), cmdline });
        }
        catch {
            // exited while we looked
        }
    }
    return out;
}
//# sourceMappingURL=probes.js.map