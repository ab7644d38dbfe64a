/**
 * Puts the latest results into bench/README.md between two markers, leaving every other
 * section (method, framing…) as it is. Without the markers, a "Latest results" section is
 * appended once.
 */
export declare const START = "<!-- bench:latest:start -->";
export declare const END = "<!-- bench:latest:end -->";
export declare function replaceLatest(readme: string, content: string): string;
