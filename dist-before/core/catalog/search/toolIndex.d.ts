/** One tool to index: its exposed name, the upstream and name it comes from, the tool itself. */
export interface SearchableTool {
    readonly exposed: string;
    readonly upstream: string;
    readonly original: string;
    readonly tool: Readonly<Record<string, unknown>>;
}
export interface ToolHit extends SearchableTool {
    readonly score: number;
}
export interface SearchOptions {
    /** At most this many hits (default 10). */
    limit?: number;
    /** Only tools it accepts are returned (the caller's access rules); the rest are skipped. */
    accept?: (tool: SearchableTool) => boolean;
}
export declare class ToolIndex {
    #private;
    constructor(tools: readonly SearchableTool[]);
    get size(): number;
    /** The indexed tool with this exposed name. */
    get(exposed: string): SearchableTool | undefined;
    /** The best matches of a plain-words query, best first; no matching word → no hit. */
    search(query: string, options?: SearchOptions): ToolHit[];
}
