/**
 * Modern (2026-07-28) callers of legacy upstreams: they have no session, so a server-to-client
 * request (sampling, elicitation, roots) from a legacy upstream cannot be sent to them. It is
 * bridged instead (MRTR, basic/patterns/mrtr): held open while the client gets an
 * `input_required` result, answered from the `inputResponses` of its retry (heldRounds.ts).
 *
 * A server request goes to whoever's request in flight toward that upstream started last,
 * legacy session or modern caller (serverRequests.ts compares `latestStart` with the sessions'
 * moments; on a shared upstream it is a best guess, as chooseSession's rule is between sessions). If that caller did not declare what the request
 * needs, it fails with -32021 MissingRequiredClientCapability (a server MUST NOT send input
 * requests the client has not declared) and the upstream gets the routing error.
 */
import { Observable } from 'rxjs';
import type { InboundEvent, JsonObject, JsonRpcRequest, RequestEvent } from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import { HeldRounds, type HeldRoundsOptions } from './heldRounds.js';
/** The methods that may answer `input_required` (mrtr, "Supported Requests"). */
export declare const BRIDGED_METHODS: ReadonlySet<string>;
export declare class ModernCallers {
    readonly rounds: HeldRounds;
    constructor(options: HeldRoundsOptions);
    /** Modern callers with a request in flight to `upstream` (log routing: router/logLevels.ts). */
    count(upstream: string): number;
    /**
     * A modern caller's request to a legacy upstream: a retry (`requestState`) resumes its held
     * round (checked first: -32602 before anything reaches the upstream); a first request runs
     * `call` in a new round. Other methods take no part in MRTR and just run.
     */
    track(upstream: string, method: string, params: JsonObject, caller: Caller, call: () => Observable<RequestEvent>): Observable<RequestEvent>;
    /** When the most recent running modern call toward `upstream` started (-1: none). */
    latestStart(upstream: string): number;
    /**
     * A server-to-client request from `upstream` attributed to a modern caller: undefined when no
     * modern caller runs a request there; else the held request (answered by the client's retry),
     * or an error to the upstream (the caller lacks the capability, or the table is full).
     */
    hold(upstream: string, request: JsonRpcRequest): Observable<InboundEvent> | undefined;
}
