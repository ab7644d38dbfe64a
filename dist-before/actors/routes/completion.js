/**
 * `completion/complete`, routed by its reference:
 * - `ref/prompt`: the exposed prompt name → its upstream, with `ref.name` rewritten to the
 *   upstream's name;
 * - `ref/resource`: `ref.uri` is a URI template exactly as listed, or a URI → the upstream that
 *   listed the template (or that `resolveUri` picks); URIs are exposed unchanged.
 * A reference the catalog does not know is -32602. An upstream that did not declare
 * `completions` gets no request: the answer is an empty completion (no suggestions), since the
 * facade does complete for other upstreams and -32601 would read as "not supported at all".
 */
import { defer, of } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { forwardTo, result, rewriteParams } from './shared.js';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const invalid = (message, data) => new RpcError(ErrorCode.InvalidParams, `completion/complete: ${message}`, data);
/** The upstream and the reference it knows, for a reference the client sent. */
function resolveRef(host, ref) {
    if (ref.type === 'ref/prompt') {
        if (typeof ref.name !== 'string')
            throw invalid('ref.name must be a string');
        const resolved = host.catalog.resolve('prompts', ref.name);
        if (!resolved)
            throw invalid(`Unknown prompt: ${ref.name}`, { name: ref.name });
        return { upstream: resolved.upstream, ref: { ...ref, name: resolved.original } };
    }
    if (ref.type === 'ref/resource') {
        const uri = ref.uri;
        if (typeof uri !== 'string')
            throw invalid('ref.uri must be a string');
        const template = host.catalog.entries('resourceTemplates').find((e) => e.exposed === uri);
        const resolved = template ?? host.catalog.resolveUri(uri);
        if (!resolved)
            throw invalid(`Unknown resource or template: ${uri}`, { uri });
        return { upstream: resolved.upstream, ref: { ...ref, uri: resolved.original } };
    }
    throw invalid(`ref.type must be "ref/prompt" or "ref/resource", got ${JSON.stringify(ref.type)}`);
}
export const completeRoute = (host, request, caller) => defer(() => {
    const params = request.params ?? {};
    if (!isObject(params.ref))
        throw invalid('params.ref must be an object');
    if (!isObject(params.argument))
        throw invalid('params.argument must be an object');
    const target = resolveRef(host, params.ref);
    const capabilities = host.upstream(target.upstream)?.capabilities;
    if (capabilities && capabilities.completions === undefined) {
        return of(result({ completion: { values: [], hasMore: false } }));
    }
    return forwardTo(host, target.upstream, request.method, rewriteParams(params, 'ref', target.ref), caller);
});
//# sourceMappingURL=completion.js.map