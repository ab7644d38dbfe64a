/** The `outcome` label of a failed routed request, from its error (core/errors/errors.ts). */
import { ErrorCode, LocalError, RpcError } from '../errors/index.js';
export function outcomeOf(error) {
    if (error instanceof RpcError) {
        switch (error.code) {
            case ErrorCode.Overloaded:
                return 'overloaded';
            case ErrorCode.UpstreamUnavailable:
                return 'unavailable';
            case ErrorCode.RequestTimeout:
                return 'timeout';
            case ErrorCode.RequestCancelled:
                return 'cancelled';
            default:
                return 'error';
        }
    }
    if (error instanceof LocalError) {
        switch (error.code) {
            case 'timeout':
            case 'max-total-timeout':
                return 'timeout';
            case 'overloaded':
                return 'overloaded';
            case 'cancelled':
                return 'cancelled';
            case 'closed':
            case 'upstream-unavailable':
                return 'unavailable';
            default:
                return 'failed';
        }
    }
    return 'failed';
}
//# sourceMappingURL=outcome.js.map