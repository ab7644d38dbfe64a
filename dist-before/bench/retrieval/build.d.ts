#!/usr/bin/env node
export interface DatasetTool {
    server: string;
    /** Where it came from: `npm:<package>@<version>`. */
    source: string;
    name: string;
    description?: string;
    inputSchema: Record<string, unknown>;
}
