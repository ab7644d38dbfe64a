import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { outcomeOf } from '../../core/observe/index.js';
import { ownerOf } from '../routes/index.js';
import { requestName } from './observed.js';
import { limitResults } from './resultLimit.js';
/** Methods whose result a route passes to the caller untouched (see `passesResultThrough`). */
const UNTOUCHED_RESULTS = new Set([
    'tools/call',
    'prompts/get',
    'resources/read',
    'completion/complete',
]);
/**
 * Whether a forwarded result may stay raw, its payload spliced back as text
 * (core/rpc/envelopeScan.ts): only where no route looks inside it. A session-less (2026-07-28)
 * result is rewritten (modernResult.ts), a task-augmented call's `CreateTaskResult` and the
 * `tasks/*` answers get exposed task ids (routes/tasks.ts): those are parsed.
 */
const passesResultThrough = (caller, method, params) => caller.session !== undefined && UNTOUCHED_RESULTS.has(method) && params.task === undefined;
const unavailable = (upstream, message, reason) => new RpcError(ErrorCode.UpstreamUnavailable, message, {
    upstream,
    ...(reason === undefined ? {} : { reason }),
});
export class Forwarder {
    #options;
    constructor(options) {
        this.#options = options;
    }
    /**
     * Sends a routed request to upstream `name`; progress only when the caller asked for it.
     * @throws RpcError when it cannot be sent at all (shutting down, unknown upstream).
     */
    forward(name, method, params, caller) {
        const observer = this.#options.observer;
        if (observer === undefined)
            return this.#forward(name, method, params, caller, undefined);
        const watch = observer.request(name, method, requestName(params), params, caller);
        try {
            return this.#forward(name, method, watch.params, caller, watch);
        }
        catch (error) {
            watch.end(outcomeOf(error), error);
            throw error;
        }
    }
    #forward(name, method, params, caller, watch) {
        const { upstreams, inflight, bridge } = this.#options;
        if (this.#options.draining()) {
            throw unavailable(name, 'mcp-mux is shutting down: no new requests are accepted', 'shutdown');
        }
        const upstream = upstreams.get(name);
        if (!upstream)
            throw unavailable(name, `Upstream "${name}" is not configured`);
        const { timeoutMs, maxTotalTimeoutMs } = upstream.config;
        const session = caller.session;
        const isolated = upstream.config.sessionMode === 'isolated';
        if (isolated && !session) {
            throw unavailable(name, `Upstream "${name}" is isolated: it serves requests of a client session only`);
        }
        const record = {
            session,
            id: caller.inbound.id,
            method,
            upstream: name,
            progressToken: caller.inbound.progressToken,
            watch,
        };
        // One literal per upstream call, always of the same shape (no spreads: every routed request
        // builds it). `tasks/result` blocks until its task ends (tasks.mdx): the task's ttl bounds
        // it, not the idle timeout of an ordinary request; `maxTotalTimeoutMs` still applies.
        const timeout = method === 'tasks/result' ? undefined : timeoutMs;
        const progress = caller.inbound.progressToken !== undefined;
        const rawResult = passesResultThrough(caller, method, params);
        // Era-matched: a legacy session's call to a dual-era upstream goes over its legacy
        // connection (pushed requests, no bridging); everyone else's over the one it has.
        const shared = session === undefined ? upstream : (upstream.legacy ?? upstream);
        const run = (sent) => inflight.track(record, (hooks) => {
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
//# sourceMappingURL=forwarder.js.map