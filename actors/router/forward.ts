/**
 * One routed request toward one upstream: the router's single call path (issue 9, item 7).
 * It picks the connection (shared, or the session's own when isolated), sets the request's
 * deadlines from the upstream's config, opens the in-flight record, and bridges the eras where
 * needed (actors/router/README.md): a legacy session answers an upstream's `input_required`
 * with real requests (inputRounds.ts); a modern caller of a legacy upstream gets the server
 * requests it causes as `input_required` (modernCallers.ts).
 */
import type { Observable } from 'rxjs';
import type { RequestObservation } from '../../core/observe/observer.js';
import type { RequestEvent } from '../../core/rpc/connection.js';
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import type { DownstreamSession } from '../downstream/downstream.js';
import type { Caller } from '../downstream/host.js';
import type { IsolatedUpstreams } from '../upstream/isolated.js';
import type { Upstream } from '../upstream/upstream.js';
import type { InflightIndex } from './inflight.js';
import { inputRounds } from './inputRounds.js';
import { BRIDGED_METHODS } from './modernCallers.js';
import type { ServerRequests } from './serverRequests.js';

/** What `forwardTo` reads of the router. */
export interface ForwardHost {
  draining(): boolean;
  upstream(name: string): Upstream | undefined;
  inflight(): InflightIndex;
  isolated(): IsolatedUpstreams<DownstreamSession>;
  serverRequests(): ServerRequests;
}

/** Methods whose result a route passes to the caller untouched (see `passesResultThrough`). */
const UNTOUCHED_RESULTS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
  'completion/complete',
]);

/**
 * Whether a forwarded result may stay raw, its payload spliced back as text (issue 14,
 * core/rpc/envelopeScan.ts): only where no route looks inside it. A session-less (2026-07-28)
 * result is rewritten (modernResult.ts), a task-augmented call's `CreateTaskResult` and the
 * `tasks/*` answers get exposed task ids (routes/tasks.ts): those are parsed.
 */
function passesResultThrough(
  session: DownstreamSession | undefined,
  method: string,
  params: JsonObject,
): boolean {
  return session !== undefined && UNTOUCHED_RESULTS.has(method) && params.task === undefined;
}

/** Sends a routed request to upstream `upstreamName`, mapping progress when the caller asked. */
export function forwardTo(
  host: ForwardHost,
  upstreamName: string,
  method: string,
  params: JsonObject,
  caller: Caller,
  watch?: RequestObservation,
): Observable<RequestEvent> {
  if (host.draining()) {
    throw new RpcError(
      ErrorCode.UpstreamUnavailable,
      'mcp-mux is shutting down: no new requests are accepted',
      { upstream: upstreamName, reason: 'shutdown' },
    );
  }
  const upstream = host.upstream(upstreamName);
  if (!upstream) {
    throw new RpcError(
      ErrorCode.UpstreamUnavailable,
      `Upstream "${upstreamName}" is not configured`,
      { upstream: upstreamName },
    );
  }
  const { timeoutMs, maxTotalTimeoutMs } = upstream.config;
  const session = caller.session as DownstreamSession | undefined;
  const isolated = upstream.config.sessionMode === 'isolated';
  if (isolated && !session) {
    throw new RpcError(
      ErrorCode.UpstreamUnavailable,
      `Upstream "${upstreamName}" is isolated: it serves requests of a client session only`,
      { upstream: upstreamName },
    );
  }
  const record = {
    session,
    id: caller.inbound.id,
    method,
    upstream: upstreamName,
    progressToken: caller.inbound.progressToken,
    watch,
  };
  // One literal per upstream call, always of the same shape (no spreads: every routed request
  // builds it). `tasks/result` blocks until its task ends (tasks.mdx): the task's ttl bounds
  // it, not the idle timeout of an ordinary request; `maxTotalTimeoutMs` still applies.
  const timeout = method === 'tasks/result' ? undefined : timeoutMs;
  const progress = caller.inbound.progressToken !== undefined;
  const rawResult = passesResultThrough(session, method, params);
  const tracked = (sent: JsonObject = params) =>
    host.inflight().track(record, (hooks) => {
      const options = {
        // A modern upstream gets the caller's context in `_meta` (actors/upstream/upstream.ts).
        context: caller.context,
        progress,
        rawResult,
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: maxTotalTimeoutMs,
        onSent: hooks.onSent,
      };
      return isolated && session
        ? host.isolated().request$(upstream.config, session, method, sent, options)
        : upstream.request$(method, sent, options, caller.context.sessionId, hooks.onAdmit);
    });
  // Only the methods that may answer `input_required` (mrtr, "Supported Requests") take part
  // in era bridging; every other request goes straight through.
  if (!BRIDGED_METHODS.has(method)) return tracked();
  if (session) {
    return inputRounds(tracked, params, {
      upstream: upstreamName,
      session,
      relatedRequestId: caller.inbound.id,
    });
  }
  // (An isolated upstream never gets here: it serves client sessions only, refused above.)
  if (upstream.era === 'modern') return tracked();
  return host.serverRequests().modern.track(upstreamName, method, params, caller, tracked);
}
