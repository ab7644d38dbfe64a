/**
 * The table of bridged calls (legacy upstream, modern client; heldRound.ts holds one): the
 * running ones per upstream (a server-to-client request from that upstream belongs to the most
 * recent), and the held ones by id (those that issued an `input_required` and wait for the
 * retry). Bounded: at most `maxRounds` held rounds, `maxPerPrincipal` per principal; past that
 * the upstream's request gets an error at once. Each `requestState` is sealed
 * (core/mcp/requestState.ts), good for one retry (nonce ledger), and lives `ttlMs`; a round
 * that no retry claims in time is ended (the upstream gets an error, its call is cancelled).
 */
import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import { HeldRound, type RoundTable } from './heldRound.js';
export interface HeldRoundsOptions {
    scheduler: SchedulerLike;
    /** The HMAC key of `requestState` (core/mcp/requestState.ts `stateKey`). */
    key: Buffer;
    /** How long an issued `requestState` (and the held requests) wait for the retry. */
    ttlMs: number;
    /** How long held requests gather before they go out as one `input_required` (default 10). */
    gatherMs?: number;
    maxRounds?: number;
    maxPerPrincipal?: number;
    /** The moment a round starts, on the clock legacy sessions' requests use (sessionUsage.ts). */
    moment?: () => number;
    /** Read at each use, over the fixed values above (the config's keys, live on reload). */
    live?: () => {
        ttlMs?: number | undefined;
        maxPerPrincipal?: number | undefined;
    };
    log: Logger;
}
export declare const HELD_DEFAULTS: {
    readonly ttlMs: 120000;
    readonly gatherMs: 10;
    readonly maxRounds: 10000;
    readonly maxPerPrincipal: 100;
};
export declare class HeldRounds implements RoundTable {
    #private;
    readonly gatherMs: number;
    constructor(options: HeldRoundsOptions);
    get ttlMs(): number;
    /** Held rounds (waiting for, or serving, a retry). The leak tests expect 0 once idle. */
    get size(): number;
    /** Rounds whose upstream call runs. */
    get running(): number;
    /** Rounds whose upstream call runs toward `upstream`. */
    runningAt(upstream: string): number;
    /** The most recent running round toward `upstream` (the cause of its server request). */
    latest(upstream: string): HeldRound | undefined;
    /** A modern caller's first request: a round that runs `call` and holds what it causes. */
    start(upstream: string, method: string, params: JsonObject, caller: Caller, call: () => Observable<RequestEvent>): Observable<RequestEvent>;
    /**
     * A retry (`params.requestState`): throws -32602 at once for a state that fails a check, so
     * nothing reaches the upstream; else answers the held requests and attaches the caller.
     */
    resume(upstream: string, method: string, params: JsonObject, caller: Caller): Observable<RequestEvent>;
    /** Ends every round (shutdown): held requests get an error, upstream calls are cancelled. */
    close(): void;
    admit(round: HeldRound): boolean;
    schedule(work: () => void, ms: number): Subscription;
    issue(round: HeldRound): string;
    ended(round: HeldRound): void;
}
