/**
 * Era bridging, modern upstream → legacy client (basic/patterns/mrtr): an `input_required`
 * result of the upstream becomes real server-to-client requests (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`) to the legacy session that made the call; their
 * answers go back as `inputResponses`, with the upstream's `requestState` echoed byte for byte,
 * on a retry of the same request to the same upstream (a new upstream request id). Rounds repeat
 * until the upstream answers `complete` or `MAX_ROUNDS` is reached.
 *
 * One Observable for the whole exchange, so progress and cancellation keep working across
 * rounds: upstream progress of every round reaches the caller (its token is the connection's),
 * and unsubscribing cancels whatever runs now (the upstream call: `notifications/cancelled`
 * upstream; the client requests: `notifications/cancelled` to the client).
 *
 * Detection is by the result's shape, not by the upstream's era: a legacy upstream never sends
 * `resultType: "input_required"`.
 */
import { Observable } from 'rxjs';
import type { JsonObject, JsonRpcId, RequestEvent } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
/** Rounds before mcp-mux gives up on an upstream that keeps asking (the v2 SDK's default too). */
export declare const MAX_ROUNDS = 8;
export interface InputRoundsOptions {
    upstream: string;
    /** The legacy session that made the call, and its request's id (its HTTP stream). */
    session: ClientSession;
    relatedRequestId: JsonRpcId | undefined;
    maxRounds?: number;
}
/**
 * Runs `call(params)` and answers each `input_required` it returns through `session`, retrying
 * with `inputResponses` and `requestState`.
 */
export declare function inputRounds(call: (params: JsonObject) => Observable<RequestEvent>, params: JsonObject, options: InputRoundsOptions): Observable<RequestEvent>;
