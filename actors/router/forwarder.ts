/**
 * The one call path of a routed request toward one upstream (`Forwarder.forward`): refuses it
 * while shutting down or when the upstream cannot serve it, picks the connection (shared, or
 * the session's own when isolated; a legacy session's to a dual-era upstream: its legacy one), sets the request's deadlines from the upstream's config,
 * opens its in-flight record (inflight.ts), lets the bridge choose how the call crosses eras
 * (actors/bridge/), and tells the observer (metrics, traces) its milestones.
 */
import type { Observable } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { RequestObservation, RouterObserver } from '../../core/observe/index.js';
import { outcomeOf } from '../../core/observe/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { Caller } from '../downstream/index.js';
import { ownerOf, type ResultStore } from '../routes/index.js';
import type { InflightIndex } from './inflight.js';
import { requestName } from './observed.js';
import { limitResults } from './resultLimit.js';
import type { UpstreamPool } from './upstreamPool.js';

export interface ForwarderOptions {
  readonly upstreams: UpstreamPool;
  readonly inflight: InflightIndex;
  readonly bridge: Bridge;
  readonly observer: RouterObserver | undefined;
  /** Where `maxResultBytes` keeps the whole of the results it cut (resultLimit.ts). */
  readonly results: ResultStore;
  /** Shutting down: no new requests are accepted. */
  draining(): boolean;
}

/** Methods whose result a route passes to the caller untouched (see `passesResultThrough`). */
const UNTOUCHED_RESULTS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
  'completion/complete',
]);

/**
 * Whether a forwarded result may stay raw, its payload spliced back as text
 * (core/rpc/envelopeScan.ts): only where no route looks inside it. A session-less (2026-07-28)
 * result gets its members spliced in front of the text (modernResult.ts; parsed only when it
 * holds one of them already); a task-augmented call's `CreateTaskResult` and the `tasks/*`
 * answers get exposed task ids (routes/tasks.ts): those are parsed.
 */
const passesResultThrough = (method: string, params: JsonObject): boolean =>
  UNTOUCHED_RESULTS.has(method) && params.task === undefined;

const unavailable = (upstream: string, message: string, reason?: string): RpcError =>
  new RpcError(ErrorCode.UpstreamUnavailable, message, {
    upstream,
    ...(reason === undefined ? {} : { reason }),
  });

export class Forwarder {
  readonly #options: ForwarderOptions;

  constructor(options: ForwarderOptions) {
    this.#options = options;
  }

  /**
   * Sends a routed request to upstream `name`; progress only when the caller asked for it.
   * @throws RpcError when it cannot be sent at all (shutting down, unknown upstream).
   */
  forward(
    name: string,
    method: string,
    params: JsonObject,
    caller: Caller,
  ): Observable<RequestEvent> {
    const observer = this.#options.observer;
    if (observer === undefined) return this.#forward(name, method, params, caller, undefined);
    const watch = observer.request(name, method, requestName(params), params, caller);
    try {
      return this.#forward(name, method, watch.params, caller, watch);
    } catch (error) {
      watch.end(outcomeOf(error), error);
      throw error;
    }
  }

  #forward(
    name: string,
    method: string,
    params: JsonObject,
    caller: Caller,
    watch: RequestObservation | undefined,
  ): Observable<RequestEvent> {
    const { upstreams, inflight, bridge } = this.#options;
    if (this.#options.draining()) {
      throw unavailable(name, 'mcp-mux is shutting down: no new requests are accepted', 'shutdown');
    }
    const upstream = upstreams.get(name);
    if (!upstream) throw unavailable(name, `Upstream "${name}" is not configured`);
    const { timeoutMs, maxTotalTimeoutMs } = upstream.config;
    const session = caller.session;
    const isolated = upstream.config.sessionMode === 'isolated';
    if (isolated && !session) {
      throw unavailable(
        name,
        `Upstream "${name}" is isolated: it serves requests of a client session only`,
      );
    }
    const record = {
      session,
      id: caller.inbound.id,
      method,
      tool: method === 'tools/call' && typeof params.name === 'string' ? params.name : undefined,
      upstream: name,
      progressToken: caller.inbound.progressToken,
      watch,
    };
    // One literal per upstream call, always of the same shape (no spreads: every routed request
    // builds it). `tasks/result` blocks until its task ends (tasks.mdx): the task's ttl bounds
    // it, not the idle timeout of an ordinary request; `maxTotalTimeoutMs` still applies.
    const timeout = method === 'tasks/result' ? undefined : timeoutMs;
    const progress = caller.inbound.progressToken !== undefined;
    const rawResult = passesResultThrough(method, params);
    // Era-matched: a legacy session's call to a dual-era upstream goes over its legacy
    // connection (pushed requests, no bridging); everyone else's over the one it has.
    const shared = session === undefined ? upstream : (upstream.legacy ?? upstream);
    const run = (sent: JsonObject) =>
      inflight.track(record, (hooks) => {
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
          ? upstreams.isolated.request$(upstream.config, session, method, sent, options)
          : shared.request$(method, sent, options, caller.context.sessionId, hooks.onAdmit);
      });
    const called = bridge.call(upstream, method, params, caller, run);
    // `maxResultBytes`: one property read when unset. A task's `CreateTaskResult` is not cut.
    const limit = upstream.config.maxResultBytes;
    return limit === undefined || method !== 'tools/call' || params.task !== undefined
      ? called
      : limitResults(called, limit, ownerOf(caller), this.#options.results);
  }
}
