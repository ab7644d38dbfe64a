/**
 * A request of the router's own to a shared upstream (no downstream caller): subscriptions,
 * log levels. It goes through `Upstream.call` (the upstream's queue, timeout and max total
 * time, like routed requests) and resolves with the result.
 */
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import type { Upstream } from './upstream.js';

/** Where the upstreams are (the Router is one; declared here so this file needs no Router). */
export interface UpstreamsHost {
  readonly upstreams: ReadonlyMap<string, Pick<Upstream, 'call'>>;
}

/** @throws RpcError when the upstream is unknown, unavailable, overloaded or answers an error. */
export function callUpstream(
  router: UpstreamsHost,
  name: string,
  method: string,
  params: JsonObject,
): Promise<JsonObject> {
  const upstream = router.upstreams.get(name);
  if (!upstream) {
    return Promise.reject(
      new RpcError(ErrorCode.UpstreamUnavailable, `Upstream "${name}" is not configured`, {
        upstream: name,
      }),
    );
  }
  return upstream.call(method, params);
}
