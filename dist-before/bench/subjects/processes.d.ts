/**
 * Server processes the benchmark starts (echo upstreams on network transports, the router
 * with a network facade, HTTP peers): spawned, awaited until their port accepts connections,
 * and all killed when the run ends, even on Ctrl-C.
 */
import { type ChildProcess } from 'node:child_process';
export interface ServerProcess {
    child: ChildProcess;
    pid: number | undefined;
    stderrTail(): string;
    stop(): Promise<void>;
}
export declare function spawnServer(command: string, args: string[], env?: Record<string, string>): ServerProcess;
export declare function stopChild(child: ChildProcess): Promise<void>;
/** A port that was free a moment ago (the usual, slightly racy, way to pick one). */
export declare function freePort(): Promise<number>;
/** Resolves once 127.0.0.1:port accepts a TCP connection; rejects if the process exits first. */
export declare function waitForPort(server: ServerProcess, port: number, timeoutMs?: number): Promise<void>;
