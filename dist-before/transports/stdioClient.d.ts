import type { CloseReason } from '../core/rpc/index.js';
import { StreamTransport, type StreamTransportOptions } from './streamTransport.js';
export interface StdioClientOptions extends StreamTransportOptions {
    command: string;
    args?: readonly string[];
    /** Merged over the default set; a key set to `undefined` is removed from the child's env. */
    env?: Readonly<Record<string, string | undefined>>;
    /** Start from the router's whole environment instead of `DEFAULT_INHERITED_ENV`. */
    inheritEnv?: boolean;
    cwd?: string;
    /** The server's name in log lines. Default: the command's base name. */
    name?: string;
    /** How long the child may take to exit after its stdin is closed. Default 2000 ms. */
    stdinCloseGraceMs?: number;
    /** How long the child may take to exit after SIGTERM, before SIGKILL. Default 2000 ms. */
    sigtermGraceMs?: number;
}
export declare class StdioClientTransport extends StreamTransport {
    #private;
    readonly name: string;
    constructor(options: StdioClientOptions);
    /** The child's pid (its process group id), or undefined if it could not be started. */
    get pid(): number | undefined;
    /**
     * Ends the session: `closed$` emits `{kind:'local'}` now; resolves once the child and its
     * process group are gone (bounded by stdinCloseGraceMs + 4 × sigtermGraceMs).
     */
    close(): Promise<void>;
    protected onFinish(_reason: CloseReason): void;
    protected onSlowReader(bufferedBytes: number): void;
    protected onInputEnd(): void;
    protected onInputError(error: Error): void;
    protected onOutputError(error: Error): void;
}
/**
 * The variables a stdio child gets from the router's environment by default: what a program
 * needs to find binaries, its home, temp files and locale (the official SDKs' list, plus
 * `LANG` and `TMPDIR`), and nothing that could carry a secret.
 */
export declare const DEFAULT_INHERITED_ENV: readonly string[];
/** The child's environment: the default set (or everything), then `overrides`. */
export declare function childEnv(overrides: Readonly<Record<string, string | undefined>> | undefined, inheritEnv: boolean, parent?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
