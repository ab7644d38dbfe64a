/**
 * The soak's verdict: what fails a run, from its summary. Lost or duplicated responses, a
 * message reaching a principal it must not, resident memory growing past 10% between the end
 * of warm-up and the end of the load, or file descriptors not back to their idle baseline
 * once the clients are gone.
 */
export interface Sample {
    at: number;
    rss: number;
    fds: number;
}
/** The median of `values` (0 for none). */
export declare function median(values: number[]): number;
/**
 * RSS after warm-up (median of the samples in the window after it) against RSS at the end
 * (median of the last window): medians, so one GC's timing does not decide.
 */
export declare function rssGrowth(samples: Sample[], warmEndsAt: number, loadEndsAt: number): {
    start: number;
    end: number;
    growth: number;
};
export interface Findings {
    lost: number;
    duplicated: number;
    leaks: number;
    rssGrowth: number;
    fdsIdle: number;
    fdsEnd: number;
    /** Calls that succeeded, of those that settled. */
    okShare: number;
    routerAlive: boolean;
    /**
     * Log messages and resource updates of a denied upstream that its allowed principal heard
     * (Alice from `a`): zero would make the leak check vacuous (a pattern that never matches).
     */
    allowedHeardDenied: number;
}
export declare const LIMITS: {
    readonly rssGrowth: 0.1;
    readonly fdTolerance: 0;
    readonly minOkShare: 0.5;
};
/** Every reason the run fails; empty when it passes. */
export declare function failures(f: Findings): string[];
