/** The soak's readable summary on stderr: one table of what was done and what was checked. */
export interface SummaryView {
    wallSeconds: number;
    calibration: {
        saturationPerSecond: number;
        ratePerSecond: number;
    };
    requests: {
        calls: number;
        ok: number;
        cancelledBySoak: number;
        shed: number;
        outcomes: Record<string, number>;
        onTheWire: {
            sent: number;
            answered: number;
        };
    };
    lost: number;
    failedExchanges: Record<string, number>;
    duplicated: number;
    leaks: number;
    kills: number;
    killMisses: number;
    rewrites: number;
    reloads: {
        applied: number;
        rejected: number;
    };
    rss: {
        afterWarmUp: number;
        end: number;
        growth: number;
    };
    fds: {
        idle: number;
        duringLoadMax: number;
        afterSettle: number;
    };
    failures: string[];
    pass: boolean;
}
export declare function printTable(s: SummaryView): void;
