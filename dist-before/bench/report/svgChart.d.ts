/**
 * A hand-written SVG grouped horizontal bar chart (no chart library): one group of bars per
 * category (scenario), one bar per series (subject or percentile), linear or log axis.
 * Every series is a `<g data-series="…">` so that readers and tests can find it; each bar
 * has a `<title>` tooltip with its exact value. Unmeasured values are drawn as "n/a"; a
 * category only has rows for the series that take part in it.
 */
export interface BarSeries {
    name: string;
    /**
     * One value per category: null (or ≤ 0 on a log axis) = not measured, drawn as "n/a";
     * undefined = the series has no part in that category, and no row is drawn for it.
     */
    values: (number | null | undefined)[];
}
export interface BarChart {
    title: string;
    /** Axis caption, e.g. "requests per second". */
    unit: string;
    scale: 'linear' | 'log';
    categories: string[];
    series: BarSeries[];
}
export declare function escapeXml(text: string): string;
/** 950 → "950", 12_345 → "12.3k", 4_200_000 → "4.2M". */
export declare function formatCompact(n: number): string;
export declare function renderBarChart(chart: BarChart): string;
