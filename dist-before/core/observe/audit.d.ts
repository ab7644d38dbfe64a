import { type JsonObject } from '../rpc/index.js';
import type { AuditWriter } from './auditWriter.js';
import type { ObservedCaller, ObservedSession, Outcome, RequestObservation, RouterObserver } from './observer.js';
export type AuditArguments = 'digest' | 'full' | 'none';
export interface AuditOptions {
    readonly writer: Pick<AuditWriter, 'write'>;
    /** Methods audited (default `['tools/call']`). */
    readonly methods?: readonly string[];
    readonly arguments?: AuditArguments;
    /** With `full`: argument keys (globs, any depth) written as `[redacted]` (`approveRedact`). */
    readonly redact?: readonly string[] | undefined;
    /** The exposed name of an upstream's tool or prompt (the facade's naming). */
    readonly exposed?: (upstream: string, name: string) => string;
    /** Wall-clock ms (default `Date.now`) and a monotonic ms clock (default `performance.now`). */
    readonly wallClock?: () => number;
    readonly now?: () => number;
}
export declare class AuditObserver implements RouterObserver {
    #private;
    constructor(options: AuditOptions);
    request(upstream: string, method: string, name: string | undefined, params: JsonObject, caller?: ObservedCaller): RequestObservation;
    sessionOpened(_session: ObservedSession, _transport: string): void;
    sessionClosed(_session: ObservedSession, _reason: string): void;
    /** @internal (AuditRecord) the line of an ended request. */
    line(record: AuditRecord, outcome: Outcome, error: unknown): void;
    /** @internal */
    clocks(): {
        wall: number;
        now: number;
    };
}
/** One audited request, from routing to its end. */
declare class AuditRecord implements RequestObservation {
    #private;
    readonly audit: AuditObserver;
    readonly upstream: string;
    readonly method: string;
    readonly name: string | undefined;
    readonly params: JsonObject;
    readonly caller: ObservedCaller | undefined;
    readonly startedAt: number;
    readonly started: number;
    bytesOut: number;
    constructor(audit: AuditObserver, upstream: string, method: string, name: string | undefined, params: JsonObject, caller: ObservedCaller | undefined);
    admitted(): void;
    sent(): void;
    answered(result?: JsonObject): void;
    end(outcome: Outcome, error?: unknown): void;
}
export {};
