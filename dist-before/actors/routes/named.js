/**
 * Requests routed by an exposed name (`tools/call`, `prompts/get`) or by a resource URI.
 *
 * The routes run when the connection calls its handler, which subscribes at once: they resolve
 * synchronously and throw their errors (the connection answers a throw as it answers an
 * error), with no `defer` layer on the hot path.
 */
import { map, of } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { approveThen } from './approval.js';
import { RESULT_URI_PREFIX } from './resultStore.js';
import { readKeptResult } from './results.js';
import { checkAccess, forwardTo, result, rewriteParams, } from './shared.js';
import { exposeCreatedTask } from './tasks.js';
import { unknownName } from './unavailable.js';
export const byNameRoute = (kind, noun) => (host, request, caller) => {
    const params = request.params ?? {};
    const name = params.name;
    if (typeof name !== 'string') {
        throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.name must be a string`);
    }
    const resolved = host.catalog.resolve(kind, name);
    if (!resolved)
        throw unknownName(host, kind, noun, name, caller.profile);
    checkAccess(host, caller, resolved.upstream, kind, name);
    // Before anything is sent or asked: a refused call never reaches the upstream (rateLimiter.ts).
    if (kind === 'tools')
        host.rateLimit?.(caller, resolved.upstream, name);
    // Approval (approval.ts): one property read when the config asks for none.
    const approvals = kind === 'tools' ? host.approval : undefined;
    if (approvals?.needs(resolved.upstream, resolved.original, name)) {
        const { upstream, original } = resolved;
        const call = { upstream, original, exposed: name, method: request.method, params };
        return approveThen(approvals, call, caller, (sent) => sendNamed(host, request.method, sent, caller, resolved));
    }
    return sendNamed(host, request.method, params, caller, resolved);
};
/** Forwards a call by name to the upstream that resolved it. */
function sendNamed(host, method, params, caller, resolved) {
    const forwarded = forwardTo(host, resolved.upstream, method, rewriteParams(params, 'name', resolved.original), caller);
    // A task-augmented call answers a CreateTaskResult: its task id is exposed (tasks.ts).
    return typeof params.task === 'object' && params.task !== null
        ? forwarded.pipe(map(exposeCreatedTask(host, resolved.upstream, caller)))
        : forwarded;
}
export const byUriRoute = (host, request, caller) => {
    const params = request.params ?? {};
    const uri = params.uri;
    if (typeof uri !== 'string') {
        throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.uri must be a string`);
    }
    // The router's own resources: whole results that `maxResultBytes` cut (results.ts).
    if (host.results !== undefined && uri.startsWith(RESULT_URI_PREFIX)) {
        return of(result(readKeptResult(host.results, uri, caller)));
    }
    const resolved = host.catalog.resolveUri(uri);
    if (!resolved) {
        throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
    }
    checkAccess(host, caller, resolved.upstream, 'resources', uri);
    return forwardTo(host, resolved.upstream, request.method, rewriteParams(params, 'uri', resolved.original), caller);
};
//# sourceMappingURL=named.js.map