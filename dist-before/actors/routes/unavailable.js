/**
 * A name the catalog does not know may belong to an upstream that is down right now (it
 * failed, is backing off before a restart, or is still starting): its items left the catalog
 * with it. Such a call is answered with the retryable -32011 naming the upstream and when it
 * is expected back, instead of -32602 "Unknown tool". The upstream is
 * found by the names it exposed before (remembered by the router) or by its prefix.
 */
import { ErrorCode, RpcError } from '../../core/errors/index.js';
function ownerOf(host, kind, name) {
    const down = host.downUpstreams?.() ?? [];
    const known = down.find((u) => u.knownNames?.(kind).has(name));
    if (known)
        return known;
    return down.find((u) => u.prefix !== '' && name.startsWith(`${u.prefix}${u.separator}`));
}
/**
 * The error for an exposed name the catalog does not resolve: -32011 when its upstream is down
 * (and, for a caller in a profile, in that profile: else the down upstream stays unnamed).
 */
export function unknownName(host, kind, noun, name, profile) {
    const found = ownerOf(host, kind, name);
    const owner = found && profile !== undefined && !host.inProfile?.(profile, found.name, kind, name)
        ? undefined
        : found;
    if (!owner)
        return new RpcError(ErrorCode.InvalidParams, `Unknown ${noun}: ${name}`, { name });
    const when = owner.restartInMs !== undefined
        ? `; a restart is due in ${owner.restartInMs} ms`
        : owner.state === 'failed' || owner.state === 'closed'
            ? '; it is not being restarted'
            : '; it is starting';
    return new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${owner.name}" is unavailable (${owner.state}${owner.error ? `: ${owner.error}` : ''}), so ${noun} ${name} cannot be called now${when}`, {
        upstream: owner.name,
        state: owner.state,
        name,
        retryable: owner.restartInMs !== undefined || owner.state !== 'failed',
        ...(owner.restartInMs === undefined ? {} : { retryAfterMs: owner.restartInMs }),
    });
}
//# sourceMappingURL=unavailable.js.map