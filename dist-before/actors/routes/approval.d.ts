/**
 * Approval of a tool call by the user before it is forwarded (`approve`, `approveDestructive`:
 * actors/routes/README.md, "Approval"). The calling client is asked, in its own era:
 *
 * - a legacy session: `elicitation/create` (form mode, an empty schema: accept or decline),
 *   sent on the call's own stream (`relatedRequestId`);
 * - a modern (2026-07-28) caller: an `input_required` result with one `elicitation/create`
 *   input request (key `approval`) and a sealed `requestState` bound to the call (upstream,
 *   method, a digest of the params as sent: tool name and arguments, and the principal), good
 *   for one retry. The retry's `inputResponses.approval` decides.
 *
 * Accept: the call is forwarded as it came (the retry without `inputResponses`/`requestState`).
 * Decline, cancel, or no answer within `inputRequiredTtlMs` (legacy: the elicitation is then
 * cancelled): a tool error "declined by the user", nothing reaches the upstream. A client
 * that cannot be asked: -31010 unless `approveFallback` is `allow`.
 */
import { type Observable } from 'rxjs';
import type { InboundEvent, JsonObject } from '../../core/rpc/index.js';
import type { Approvals, ApprovedCall } from './host.js';
import { type Caller } from './shared.js';
/** The `round` claim of an approval's `requestState` (a bridged round's is a random id). */
export declare const APPROVAL_ROUND = "approval";
/** The key of the approval in `inputRequests` / `inputResponses`. */
export declare const APPROVAL_INPUT = "approval";
/**
 * Asks the caller, then runs `send(params)` (the params to forward) on accept; a declined call
 * never calls `send`.
 */
export declare function approveThen(approvals: Approvals, call: ApprovedCall, caller: Caller, send: (params: JsonObject) => Observable<InboundEvent>): Observable<InboundEvent>;
