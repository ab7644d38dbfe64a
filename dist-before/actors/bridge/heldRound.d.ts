/**
 * One bridged call (legacy upstream, modern client): the routed upstream request of a modern
 * `tools/call` / `prompts/get` / `resources/read`, and the server-to-client requests the
 * upstream sent while serving it, held open until the client retries with `inputResponses`.
 *
 * The round owns the upstream call's subscription, not the client's request: a modern client
 * request ends with `input_required`, the upstream call goes on. At any time the round is
 * either ATTACHED to one client request (the first, then each retry: upstream progress and the
 * final result go to it, and held requests are issued to it as `input_required` after a short
 * gathering window, so requests the upstream sends together go out in one round) or AWAITING a
 * retry (a TTL runs; the upstream's result, if it comes, waits for the retry). Ending the round
 * (result delivered, client cancelled, TTL, shutdown) ends everything: the held requests are
 * answered with an error, the upstream call is unsubscribed (`notifications/cancelled`).
 */
import type { Observable, Subscriber, Subscription } from 'rxjs';
import type { RequestContext } from '../../core/mcp/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest, RequestEvent } from '../../core/rpc/index.js';
/** What a round needs from its table (heldRounds.ts). */
export interface RoundTable {
    /** Ids the round when it first holds a request; false when the table is full. */
    admit(round: HeldRound): boolean;
    /** Schedules `work` after `ms` on the router's scheduler. */
    schedule(work: () => void, ms: number): Subscription;
    /** The sealed state of one round trip (records its nonce on the round). */
    issue(round: HeldRound): string;
    readonly gatherMs: number;
    readonly ttlMs: number;
    /** The round is over: forget it. */
    ended(round: HeldRound): void;
}
export declare class HeldRound {
    #private;
    /** Set once the round holds its first request (the table's key). */
    id: string | undefined;
    /** The nonce of the `input_required` the client holds now; undefined while attached. */
    nonce: string | undefined;
    readonly upstream: string;
    readonly method: string;
    /** The originating request's params (digested when a state is first sealed). */
    readonly params: JsonObject;
    /** `paramsDigest(params)`, computed once when needed (not on every modern call). */
    digest: string | undefined;
    readonly principal: string;
    /** When it started, on the routing clock (the latest running round is the likely cause). */
    readonly startedAt: number;
    /** The attached caller's context (its capabilities decide what may be asked). */
    context: RequestContext;
    constructor(table: RoundTable, init: {
        upstream: string;
        method: string;
        params: JsonObject;
        principal: string;
    }, context: RequestContext, startedAt: number);
    get isEnded(): boolean;
    /** Whether the upstream call still runs (a server request from the upstream may be ours). */
    get isRunning(): boolean;
    /** Starts the upstream call; its events go to the attached caller or wait for the retry. */
    run(call: Observable<RequestEvent>): void;
    /**
     * Attaches a client request (the first one, or a retry with its `inputResponses`). Answers
     * the held requests the responses name; others stay held and are asked again.
     */
    attach(caller: Subscriber<RequestEvent>, context: RequestContext, responses: JsonObject | undefined): void;
    /** The attached caller went away (cancelled, or its connection closed): the round ends. */
    detach(caller: Subscriber<RequestEvent>): void;
    /** Holds one server-to-client request of the upstream; false when the table is full. */
    hold(request: JsonRpcRequest, answer: Subscriber<InboundEvent>): (() => void) | false;
    /** Fails the attached caller (or the retry to come) with `error`, and ends the call upstream. */
    fail(error: unknown): void;
    /** Ends the round: held requests get an error, the upstream call is cancelled. Idempotent. */
    end(reason: string): void;
}
