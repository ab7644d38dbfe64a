/** Which upstream a child's command line is: `--name X` of surfaceServer, or `ask`. */
export declare function upstreamOf(cmdline: string): string | undefined;
export interface ChaosStats {
    kills: {
        at: number;
        router: string;
        upstream: string;
        pid: number;
    }[];
    /** Kill turns where the upstream had no live process (still restarting). */
    missed: number;
    rewrites: number;
}
export interface KillTarget {
    label: string;
    pid: () => number | undefined;
    upstreams: string[];
}
/** Kills the next upstream in turn across `targets`; a turn with nothing to kill is a miss. */
export declare function killer(targets: KillTarget[], stats: ChaosStats): () => void;
/** Rewrites the config with `c` toggled at each call. */
export declare function rewriter(write: (withC: boolean) => void, stats: ChaosStats): () => void;
export declare function chaosStats(): ChaosStats;
