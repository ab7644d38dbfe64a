/**
 * The bridge room's one entry point (README.md): how a routed call crosses protocol eras, and
 * where an upstream's server-to-client requests go.
 *
 * `call` chooses ONCE per call, from the caller and the upstream's era:
 * - a legacy session: the upstream's `input_required` results become real requests to the
 *   session, answered on retries (`inputRounds`). Detection is by the result's shape, whatever
 *   the upstream's era, so an upstream that answers `input_required` on a legacy connection is
 *   bridged too; every other result passes with one check;
 * - a modern (session-less) caller of a legacy upstream: the server requests the call causes
 *   are held and handed to the caller as `input_required` (`ModernCallers`, `HeldRounds`);
 * - the same era on both sides: the call runs as it is.
 * Only the methods that may answer `input_required` (mrtr, "Supported Requests") take part.
 *
 * Server-to-client requests from an upstream (`serverRequest$`) go to the session that caused
 * them (`ServerRequests`, `chooseSession`), found through the router's in-flight index
 * (`InflightView`), or to a modern caller as `input_required`.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { Era } from '../../core/mcp/index.js';
import type { InboundContext, InboundEvent, JsonObject, JsonRpcNotification, JsonRpcRequest, RequestEvent } from '../../core/rpc/index.js';
import type { Caller, ClientSession } from '../downstream/index.js';
import { type ServerRequestsHost } from './serverRequests.js';
import { type InflightView } from './sessionUsage.js';
export interface BridgeOptions extends ServerRequestsHost {
    scheduler: SchedulerLike;
    /** The HMAC key of `requestState` (core/mcp/requestState.ts `stateKey`). */
    key: Buffer;
    /** How long held requests gather before they go out as one `input_required` (default 10). */
    gatherMs?: number | undefined;
    /** The config's live values (read at each use: a reload changes them). */
    live(): {
        ttlMs?: number | undefined;
        maxPerPrincipal?: number | undefined;
    };
    /** The routed requests in flight (the router's index), by upstream. */
    inflight: InflightView<ClientSession>;
    log: Logger;
}
/** What the bridge reads of the upstream a call goes to. */
export interface BridgedUpstream {
    readonly name: string;
    /** Its era once known (the ready, or last, session's). */
    readonly era: Era | undefined;
}
/** The bridge's counters (leak tests expect them back at 0 once idle). */
export interface BridgeStats {
    /** `input_required` rounds held for a modern caller's retry. */
    readonly heldRounds: number;
    /** Modern callers' calls to legacy upstreams that run now. */
    readonly modernCalls: number;
    /** Sessions with recorded activity toward some upstream. */
    readonly sessionsSeen: number;
}
export declare class Bridge {
    #private;
    constructor(options: BridgeOptions);
    /**
     * A routed call to `upstream`: `run(params)` sends it (and is called again with the answers
     * on a retry); the era bridge, if any, is chosen here once.
     */
    call(upstream: BridgedUpstream, method: string, params: JsonObject, caller: Caller, run: (params: JsonObject) => Observable<RequestEvent>): Observable<RequestEvent>;
    /**
     * A server-to-client request from `upstream`: to one client session (`pinned`: the session
     * of an isolated connection), or held for a modern caller. Errors go back to the upstream.
     */
    serverRequest$(upstream: string, request: JsonRpcRequest, inbound: InboundContext, pinned: ClientSession | undefined): Observable<InboundEvent>;
    /** `notifications/elicitation/complete`: only to the session that saw the elicitation. */
    elicitationComplete(upstream: string, notification: JsonRpcNotification, pinned: ClientSession | undefined): void;
    /** A client's roots changed: only its own (isolated) upstream connections hear it. */
    rootsListChanged(session: ClientSession): void;
    /** A routed request failed: a -32042 error names URL elicitations whose completion goes to `session`. */
    noteRequiredElicitations(error: unknown, session: ClientSession): void;
    /**
     * The next moment of the counter that orders requests across eras: the in-flight index stamps
     * each routed request with one, held rounds take theirs from it too.
     */
    moment(): number;
    /** A request of `session` toward `upstream` started (the activity the routing rule reads). */
    touch(session: ClientSession, upstream: string): void;
    /**
     * The sessions a shared upstream's log message may belong to: those with requests in flight
     * there, and how many modern callers have one (they have no session to receive it).
     */
    logCauses(upstream: string): {
        sessions: ClientSession[];
        modernCallers: number;
    };
    get stats(): BridgeStats;
    /** Shutdown: held rounds end (their upstream calls are cancelled, held requests fail). */
    close(): void;
}
