/**
 * What a client is told when its request fails because of the upstream: always an `RpcError`
 * whose `data` names the upstream and the reason, never a bare local error.
 */
import { catchError, mergeMap, take, throwError, } from 'rxjs';
import { ErrorCode, LocalError, RpcError, toRpcError } from '../../core/errors/index.js';
/** A close reason as a user reads it. */
export function describeClose(reason) {
    switch (reason.kind) {
        case 'exit':
            return reason.signal !== null
                ? `the upstream process was killed by ${reason.signal}`
                : `the upstream process exited with code ${reason.code}`;
        case 'error':
            return reason.error.message;
        case 'slow-reader':
            return `the upstream stopped reading (${reason.bufferedBytes} bytes waiting)`;
        case 'remote':
            return 'the upstream closed the connection';
        case 'local':
            return 'the connection was closed by mcp-mux';
    }
}
/**
 * An error the transport answered locally instead of the upstream: -32011 is mcp-mux's own
 * code, so one without `data` cannot come from a server (the HTTP client answers a POST
 * whose connection dropped with it). Such an answer does not prove the upstream is alive.
 */
export function isLocalAnswer(error) {
    return (error instanceof RpcError &&
        error.code === ErrorCode.UpstreamUnavailable &&
        error.data === undefined);
}
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
export function explainFailure(upstream, method, connection, localReason) {
    return catchError((error) => {
        if (error instanceof RpcError) {
            if (!isLocalAnswer(error))
                return throwError(() => error);
            const reason = error.message;
            return throwError(() => new RpcError(error.code, `Upstream "${upstream}" failed while ${method} was in flight: ${reason}`, { upstream, reason, method }));
        }
        if (error instanceof LocalError && error.code === 'closed') {
            // The connection fails its requests just before `closed$` emits the reason, in the
            // same synchronous call: waiting for it costs nothing.
            return connection.closed$.pipe(take(1), mergeMap((reason) => {
                const why = reason.kind === 'local'
                    ? (localReason() ?? describeClose(reason))
                    : describeClose(reason);
                return throwError(() => new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${upstream}" failed while ${method} was in flight: ${why}`, { upstream, reason: why, method }));
            }));
        }
        if (error instanceof LocalError && error.code === 'invalid-response') {
            // The upstream answered, badly: its own code, naming it, and the upstream stays up.
            const reason = String(error.details.invalid ?? error.message);
            return throwError(() => new RpcError(ErrorCode.InvalidResponse, `Upstream "${upstream}" sent an invalid response to ${method}: ${reason}`, { upstream, reason, method }));
        }
        const wire = toRpcError(error);
        const data = typeof wire.data === 'object' && wire.data !== null ? wire.data : {};
        return throwError(() => new RpcError(wire.code, wire.message, { ...data, upstream }));
    });
}
//# sourceMappingURL=upstreamErrors.js.map