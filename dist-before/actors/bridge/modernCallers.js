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
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { capabilityGap, missingRequiredClientCapability, SERVER_REQUEST_CAPABILITY, } from '../../core/mcp/index.js';
import { HeldRounds } from './heldRounds.js';
/** The methods that may answer `input_required` (mrtr, "Supported Requests"). */
export const BRIDGED_METHODS = new Set([
    'tools/call',
    'prompts/get',
    'resources/read',
]);
export class ModernCallers {
    rounds;
    constructor(options) {
        this.rounds = new HeldRounds(options);
    }
    /** Modern callers with a request in flight to `upstream` (log routing: router/logLevels.ts). */
    count(upstream) {
        return this.rounds.runningAt(upstream);
    }
    /**
     * A modern caller's request to a legacy upstream: a retry (`requestState`) resumes its held
     * round (checked first: -32602 before anything reaches the upstream); a first request runs
     * `call` in a new round. Other methods take no part in MRTR and just run.
     */
    track(upstream, method, params, caller, call) {
        if (!BRIDGED_METHODS.has(method))
            return call();
        if (params.requestState !== undefined) {
            return this.rounds.resume(upstream, method, params, caller);
        }
        return this.rounds.start(upstream, method, params, caller, call);
    }
    /** When the most recent running modern call toward `upstream` started (-1: none). */
    latestStart(upstream) {
        return this.rounds.latest(upstream)?.startedAt ?? -1;
    }
    /**
     * A server-to-client request from `upstream` attributed to a modern caller: undefined when no
     * modern caller runs a request there; else the held request (answered by the client's retry),
     * or an error to the upstream (the caller lacks the capability, or the table is full).
     */
    hold(upstream, request) {
        const round = this.rounds.latest(upstream);
        const capability = SERVER_REQUEST_CAPABILITY[request.method];
        if (!round || capability === undefined)
            return undefined;
        const { context } = round;
        const gap = capabilityGap(request.method, request.params, context.clientCapabilities, context.protocolVersion);
        if (gap) {
            const required = { [capability]: {} };
            round.fail(missingRequiredClientCapability(required, `the upstream "${upstream}" sent ${request.method}, which needs the client's "${capability}" capability`));
            throw new RpcError(gap.code, `mcp-mux cannot route ${request.method} from upstream ${upstream}: its modern client: ${gap.reason}`, { upstream, reason: gap.reason });
        }
        return new Observable((answer) => {
            const release = round.hold(request, answer);
            if (release === false) {
                answer.error(new RpcError(ErrorCode.Overloaded, `mcp-mux cannot route ${request.method} from upstream ${upstream}: too many input_required round trips are held`, { upstream, reason: 'held-rounds-full' }));
                return undefined;
            }
            return release;
        });
    }
}
//# sourceMappingURL=modernCallers.js.map