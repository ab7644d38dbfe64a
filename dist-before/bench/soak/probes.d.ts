/** VmRSS in bytes, or undefined when the process is gone. */
export declare function rssBytes(pid: number): number | undefined;
/** Number of open file descriptors, or undefined when the process is gone. */
export declare function fdCount(pid: number): number | undefined;
/** The live (non-zombie) children of `pid` with their command lines. */
export declare function childrenOf(pid: number): {
    pid: number;
    cmdline: string;
}[];
