/**
 * A request of the router's own to a shared upstream (no downstream caller): subscriptions,
 * log levels. It goes through the upstream's queue with the upstream's timeout, like routed
 * requests, and resolves with the result.
 */
import { filter, lastValueFrom, map } from 'rxjs';
import { ErrorCode, RpcError } from '../core/errors.js';
import type { JsonObject } from '../core/jsonrpc.js';
import type { Router } from './router.js';

/** @throws RpcError when the upstream is unknown, unavailable, overloaded or answers an error. */
export function callUpstream(
  router: Router,
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
  return lastValueFrom(
    upstream.request$(method, params, { timeout: upstream.config.timeoutMs }).pipe(
      filter((event) => event.kind === 'result'),
      map((event) => event.result),
    ),
  );
}
