/** Each distinct query term with weight 1, plus its related words at half weight. */
export declare function expandQuery(terms: readonly string[]): Map<string, number>;
