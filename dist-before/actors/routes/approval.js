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
import { filter, map, of, switchMap, take, timeout } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { elicitationModes, invalidState, paramsDigest, randomId, STATE_PREFIX, } from '../../core/mcp/index.js';
import { approvalMessage } from './approvalMessage.js';
import { result } from './shared.js';
/** The `round` claim of an approval's `requestState` (a bridged round's is a random id). */
export const APPROVAL_ROUND = 'approval';
/** The key of the approval in `inputRequests` / `inputResponses`. */
export const APPROVAL_INPUT = 'approval';
const declinedResult = (exposed) => result({
    content: [{ type: 'text', text: `The call of ${exposed} was declined by the user.` }],
    isError: true,
});
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Asks the caller, then runs `send(params)` (the params to forward) on accept; a declined call
 * never calls `send`.
 */
export function approveThen(approvals, call, caller, send) {
    const decide = (decision, params) => {
        caller.approval = decision;
        approvals.decided(call.upstream, decision);
        if (decision !== 'declined')
            return send(params);
        approvals.declined(call, caller);
        return of(declinedResult(call.exposed));
    };
    const { context } = caller;
    const canAsk = elicitationModes(context.clientCapabilities, context.protocolVersion).has('form');
    const session = caller.session;
    const key = `${call.upstream}\u0000${call.original}`;
    if (session && approvals.remember === 'session' && approvals.remembered(session).has(key)) {
        return decide('remembered', call.params);
    }
    const retry = session === undefined ? modernRetry(approvals, call, caller) : undefined;
    if (retry !== undefined) {
        if (retry === 'not-ours')
            return send(call.params);
        return decide(retry.accepted ? 'accepted' : 'declined', retry.params);
    }
    if (!canAsk) {
        if (approvals.fallback === 'allow')
            return decide('fallback', call.params);
        caller.approval = 'declined';
        approvals.decided(call.upstream, 'declined');
        const refused = new RpcError(ErrorCode.ApprovalUnavailable, `${call.exposed} needs the user's approval, and this client cannot be asked (it did not declare form-mode elicitation)`, { tool: call.exposed, reason: 'approval_unavailable' });
        approvals.declined(call, caller, refused);
        throw refused;
    }
    const ask = {
        message: approvalMessage(call, approvals.redact),
        requestedSchema: { type: 'object', properties: {} },
    };
    if (session === undefined)
        return of(inputRequired(approvals, call, caller, ask));
    const related = caller.inbound.id === undefined ? {} : { relatedRequestId: caller.inbound.id };
    // No answer within `ttlMs` (`inputRequiredTtlMs`) is a decline: the request is cancelled.
    const noAnswer = () => of('no-answer');
    return session.connection.request$('elicitation/create', ask, related).pipe(filter((event) => event.kind === 'result'), take(1), map((event) => event.result.action === 'accept'), timeout({ first: approvals.ttlMs, with: noAnswer, scheduler: approvals.scheduler }), switchMap((answer) => {
        const accepted = answer === true;
        if (accepted && approvals.remember === 'session')
            approvals.remembered(session).add(key);
        return decide(accepted ? 'accepted' : 'declined', call.params);
    }));
}
/** The first answer to a modern caller: the approval as an input request. */
function inputRequired(approvals, call, caller, ask) {
    const now = approvals.now();
    const claims = {
        round: APPROVAL_ROUND,
        nonce: randomId(),
        principal: caller.context.principal ?? '',
        method: call.method,
        upstream: call.upstream,
        digest: paramsDigest(call.params),
        expiresAt: now + approvals.ttlMs,
    };
    return result({
        resultType: 'input_required',
        inputRequests: { [APPROVAL_INPUT]: { method: 'elicitation/create', params: ask } },
        requestState: approvals.seal(claims),
    });
}
/**
 * A modern retry: undefined when it is a first call; `not-ours` when its `requestState` was
 * not issued for an approval (a bridged round's, checked by the bridge, or the upstream's own);
 * else the decision and the params to forward. A state that claims to be an approval but fails
 * a check is -32602 (nothing reaches the upstream).
 */
function modernRetry(approvals, call, caller) {
    const { params } = call;
    const state = params.requestState;
    if (state === undefined)
        return undefined;
    if (!isApprovalState(state))
        return 'not-ours';
    const now = approvals.now();
    const claims = approvals.open(state, {
        principal: caller.context.principal ?? '',
        method: call.method,
        upstream: call.upstream,
        digest: paramsDigest(params),
        now,
    });
    if (!approvals.claim(claims.nonce, claims.expiresAt, now)) {
        throw invalidState('replayed', 'was already used: each requestState is good for one retry');
    }
    const responses = params.inputResponses;
    const answer = isObject(responses) ? responses[APPROVAL_INPUT] : undefined;
    const accepted = isObject(answer) && answer.action === 'accept';
    const { inputResponses: _responses, requestState: _state, ...forwarded } = params;
    return { accepted, params: forwarded };
}
/** Whether `state` claims to be an approval's (its MAC is checked by `open`). */
function isApprovalState(state) {
    if (typeof state !== 'string' || !state.startsWith(STATE_PREFIX))
        return false;
    const body = state.slice(STATE_PREFIX.length, state.lastIndexOf('.'));
    try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return isObject(claims) && claims.round === APPROVAL_ROUND;
    }
    catch {
        return false;
    }
}
//# sourceMappingURL=approval.js.map