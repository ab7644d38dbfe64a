/** The repository root (the directory that holds package.json). */
export declare const repoRoot: string;
export declare const distDir: string;
export declare const echoServerPath: string;
export declare const naiveProxyPath: string;
export declare const relayFloorPath: string;
/** The router under test; `MCP_MUX_BIN` points at another build (before/after comparisons). */
export declare const muxBinPath: string;
export declare const peersDir: string;
export declare const resultsDir: string;
export declare const benchReadme: string;
