/**
 * A reader of the Prometheus text exposition format, enough for `mcp-mux status`: samples
 * with their labels, and quantiles from histogram buckets.
 */
export interface Sample {
    name: string;
    labels: Record<string, string>;
    value: number;
}
export declare function parsePromText(text: string): Sample[];
/** Cumulative bucket counts (`le` → count) of one histogram, summed over the other labels. */
export declare function bucketsOf(samples: readonly Sample[], name: string, match: (labels: Record<string, string>) => boolean): Map<number, number>;
/** The bucket bound under which `q` of the observations fall (undefined: no observation). */
export declare function quantile(buckets: ReadonlyMap<number, number>, q: number): number | undefined;
/** `later − earlier` per bucket (the observations between two scrapes). */
export declare function bucketDelta(later: ReadonlyMap<number, number>, earlier: ReadonlyMap<number, number> | undefined): Map<number, number>;
