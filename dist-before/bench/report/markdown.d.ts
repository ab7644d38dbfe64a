/** The markdown report of a run: targets, throughput/latency table, memory table, notes. */
import type { RunResult } from '../results.js';
export interface MarkdownOptions {
    /** Image paths to embed (relative to the markdown file), if any. */
    charts?: {
        throughput: string;
        latency: string;
    };
    /** Heading level of the sections (2 for a standalone file, 3 inside the README). */
    level?: number;
}
export declare function renderMarkdown(run: RunResult, options?: MarkdownOptions): string;
