/**
 * A JSON-RPC client over a spawned child's stdin/stdout (newline-delimited). The child's
 * stderr is kept as a short tail for error messages, never echoed.
 */
import { type ChildProcessWithoutNullStreams } from 'node:child_process';
import { RpcClient } from './rpcClient.js';
export interface StdioEndpoint {
    kind: 'stdio';
    command: string;
    args: string[];
    env?: Record<string, string>;
    cwd?: string;
}
export declare class StdioClient extends RpcClient {
    readonly child: ChildProcessWithoutNullStreams;
    private readonly write;
    private readonly tail;
    private exited;
    readonly exit: Promise<void>;
    constructor(endpoint: StdioEndpoint);
    get pid(): number | undefined;
    stderrTail(separator?: string): string;
    protected sendText(text: string): void;
    /** Closes stdin, then SIGTERM after 1 s and SIGKILL after 3 s if the child lingers. */
    close(): Promise<void>;
}
