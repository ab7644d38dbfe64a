/**
 * What a client is told when its request fails because of the upstream: always an `RpcError`
 * whose `data` names the upstream and the reason, never a bare local error.
 */
import { type OperatorFunction } from 'rxjs';
import { RpcError } from '../../core/errors/index.js';
import type { CloseReason, Connection, RequestEvent } from '../../core/rpc/index.js';
/** A close reason as a user reads it. */
export declare function describeClose(reason: CloseReason): string;
/**
 * An error the transport answered locally instead of the upstream: -32011 is mcp-mux's own
 * code, so one without `data` cannot come from a server (the HTTP client answers a POST
 * whose connection dropped with it). Such an answer does not prove the upstream is alive.
 */
export declare function isLocalAnswer(error: unknown): error is RpcError;
/**
 * Maps the errors of one request to `upstream` for the client:
 * - the connection closed under it: -32011 at once, with the close reason (`localReason()`
 *   when mcp-mux closed it: restart, keepalive, shutdown);
 * - any other local error (timeout, cancel): its wire form, with `upstream` added to `data`;
 * - an invalid response (`LocalError('invalid-response')`: not JSON-RPC, a `result` that is
 *   not an object…): `InvalidResponse` (-31002) at once, naming the upstream;
 * - errors the upstream itself answered (`RpcError`) pass through untouched, except the
 *   transport's local answers (`isLocalAnswer`), which get `data: { upstream, reason }` too.
 */
export declare function explainFailure(upstream: string, method: string, connection: Connection, localReason: () => string | undefined): OperatorFunction<RequestEvent, RequestEvent>;
