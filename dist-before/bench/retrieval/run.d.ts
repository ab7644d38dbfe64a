#!/usr/bin/env node
export interface RetrievalQuery {
    query: string;
    /** Exposed names that do the task; a hit on any counts. */
    expected: string[];
}
export interface RetrievalFigures {
    tools: number;
    servers: number;
    queries: number;
    recallAt1: number;
    recallAt5: number;
    mrr: number;
    /** Milliseconds to build the index, and per query (median of all queries). */
    buildMs: number;
    queryMs: number;
    missed: {
        query: string;
        expected: string[];
        got: string[];
    }[];
}
/** Recall target of the bench (README "Targets"): recall@5 at least this. */
export declare const RECALL_AT_5_TARGET = 0.9;
export declare function runRetrieval(): RetrievalFigures;
/** The report's lines (also used by `bench/run.ts --only retrieval`). */
export declare function retrievalReport(figures: RetrievalFigures, verbose?: boolean): string;
