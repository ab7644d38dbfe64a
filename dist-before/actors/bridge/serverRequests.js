/**
 * Server-initiated traffic toward the clients (legacy era): `sampling/createMessage`,
 * `elicitation/create` (and `roots/list` from an isolated connection; a shared one is answered
 * by the router from the config) from an upstream go to ONE downstream session, which must have
 * declared what the request needs; `notifications/elicitation/complete` goes to the session the
 * elicitation was sent to; a client's `notifications/roots/list_changed` goes to its own
 * isolated connections only. Decisions: actors/README.md.
 *
 * - A request from an isolated upstream connection goes to exactly its session. One from a
 *   shared connection follows `chooseSession` over `usage`, which reads the router's in-flight
 *   index (actors/router/inflight.ts).
 * - The downstream request carries `relatedRequestId` = the client request in flight that
 *   caused it when known, so an HTTP facade sends it on that request's stream.
 * - A request from a shared connection whose most recent request in flight is a modern caller's
 *   is bridged to that caller as `input_required` (modernCallers.ts, heldRounds.ts).
 * - Cancellation is unsubscription: the upstream cancelling its request (or its connection
 *   closing) unsubscribes the handler, which cancels the downstream request.
 */
import { catchError, defer, map } from 'rxjs';
import { ErrorCode, LocalError, RpcError } from '../../core/errors/index.js';
import { capabilityGap } from '../../core/mcp/index.js';
import { toCaller } from '../routes/index.js';
import { chooseSession } from './chooseSession.js';
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** URL elicitations remembered for their completion notification (oldest dropped first). */
const MAX_ELICITATIONS = 1_024;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Params for the client: the upstream's progress token is replaced by the connection's own. */
function withoutProgressToken(params) {
    const meta = params?._meta;
    if (!params || !isObject(meta) || !('progressToken' in meta))
        return params;
    const { progressToken: _token, ...rest } = meta;
    const out = { ...params, _meta: rest };
    if (Object.keys(rest).length === 0)
        delete out._meta;
    return out;
}
export class ServerRequests {
    /** Which sessions have requests in flight toward which upstreams (the router's index). */
    #usage;
    /** Modern callers in flight: their server requests are bridged (modernCallers.ts). */
    #modern;
    #host;
    /** elicitationId → the session that saw it (URL mode request, or -32042 error). */
    #elicitations = new Map();
    constructor(host, modern, usage) {
        this.#host = host;
        this.#modern = modern;
        this.#usage = usage;
    }
    /**
     * Routes one server-to-client request from `upstream` to a client session. `pinned` is the
     * session of an isolated connection. Errors (no session can take it) go back to the upstream.
     */
    request$(upstream, request, inbound, pinned) {
        return defer(() => {
            const { method } = request;
            const held = pinned || !this.#modernIsLatest(upstream)
                ? undefined
                : this.#modern.hold(upstream, request);
            if (held) {
                this.#host.log.debug(`upstream ${upstream}: ${method} → held for a modern caller (input_required)`);
                return held;
            }
            const task = this.#relatedTask(upstream, request.params);
            const target = this.#target(upstream, request, pinned ?? task?.owner);
            let params = withoutProgressToken(request.params);
            if (task && params && isObject(params._meta)) {
                const related = { ...params._meta[RELATED_TASK], taskId: task.exposed };
                params = { ...params, _meta: { ...params._meta, [RELATED_TASK]: related } };
            }
            if (method === 'elicitation/create' && params?.mode === 'url') {
                this.#remember(params.elicitationId, target.session);
            }
            this.#host.log.debug(`upstream ${upstream}: ${method} → session ${target.session.id}`, {
                why: target.why,
                relatedRequestId: target.relatedRequestId,
            });
            return target.session.connection
                .request$(method, params, {
                progress: inbound.progressToken !== undefined,
                ...(target.relatedRequestId === undefined
                    ? {}
                    : { relatedRequestId: target.relatedRequestId }),
            })
                .pipe(map(toCaller), catchError((error) => {
                if (!(error instanceof LocalError) || error.code !== 'closed')
                    throw error;
                throw new RpcError(ErrorCode.RequestCancelled, `the client session ${target.session.id} closed before answering ${method}`, { upstream, reason: 'session-closed' });
            }));
        });
    }
    /** `notifications/elicitation/complete`: only to the session that saw the elicitation. */
    elicitationComplete(upstream, notification, pinned) {
        const id = notification.params?.elicitationId;
        const known = typeof id === 'string' ? this.#elicitations.get(id) : undefined;
        if (typeof id === 'string' && known)
            this.#elicitations.delete(id);
        const session = pinned ?? known;
        if (!session || session.isClosed || !this.#mayReceive(session, upstream)) {
            this.#host.log.debug(`upstream ${upstream}: dropped elicitation/complete for unknown elicitation ${JSON.stringify(id)}`);
            return;
        }
        session.notifyIfReady(notification.method, notification.params);
    }
    /**
     * A client's roots changed: only its own (isolated) upstream connections hear it. A shared
     * upstream is never told: its `roots/list` is answered by the router from the config, so
     * one client's roots never reach it on behalf of another (upstreamInbound.ts).
     */
    rootsListChanged(session) {
        for (const name of this.#host.isolatedUpstreamsOf(session)) {
            this.#host.upstreamConnection(name, session)?.notify('notifications/roots/list_changed');
        }
    }
    #mayReceive(session, upstream) {
        return this.#host.mayReceive?.(session, upstream) ?? true;
    }
    /** The task a server request is about, when the router exposed it. */
    #relatedTask(upstream, params) {
        const meta = params?._meta;
        const related = isObject(meta) ? meta[RELATED_TASK] : undefined;
        const taskId = isObject(related) ? related.taskId : undefined;
        return typeof taskId === 'string' ? this.#host.findTask?.(upstream, taskId) : undefined;
    }
    /**
     * Whether the most recent request in flight toward shared `upstream` is a modern caller's
     * (chooseSession's "latest in flight" rule, across eras: both take moments from `usage`).
     */
    #modernIsLatest(upstream) {
        const modern = this.#modern.latestStart(upstream);
        if (modern < 0)
            return false;
        for (const entry of this.#usage.entries(upstream)) {
            if (entry.inflight > 0 && !entry.session.isClosed && entry.lastInflight > modern)
                return false;
        }
        return true;
    }
    #target(upstream, request, pinned) {
        const { method, params } = request;
        const refuse = (code, reason) => {
            throw new RpcError(code, `mcp-mux cannot route ${method} from upstream ${upstream}: ${reason}`, {
                upstream,
                reason,
            });
        };
        const gapOf = (session) => capabilityGap(method, params, session.context.clientCapabilities, session.context.protocolVersion);
        if (pinned) {
            if (!this.#mayReceive(pinned, upstream))
                refuse(ErrorCode.MethodNotFound, `its client session ${pinned.id} may not use it`);
            const gap = gapOf(pinned);
            if (gap)
                refuse(gap.code, `its client session ${pinned.id}: ${gap.reason}`);
            return {
                session: pinned,
                relatedRequestId: this.#usage.relatedRequestId(pinned, upstream),
                why: 'isolated',
            };
        }
        if (this.#host.isIsolated(upstream)) {
            refuse(ErrorCode.MethodNotFound, 'this is the catalog connection of an isolated upstream, which serves no client session');
        }
        // Only sessions that may use the upstream are candidates (`mcpMux.access`): one that may
        // not never gets its requests, not even as the most recently active session.
        const candidates = this.#usage
            .entries(upstream)
            .filter((entry) => !entry.session.isClosed && this.#mayReceive(entry.session, upstream))
            .map((entry) => ({ ...entry, gap: gapOf(entry.session) }));
        const choice = chooseSession(candidates, ErrorCode.MethodNotFound);
        if (choice.kind === 'none')
            return refuse(choice.code, choice.reason);
        return { session: choice.session, relatedRequestId: choice.relatedRequestId, why: choice.why };
    }
    /** A -32042 error of a routed request names URL elicitations whose completion goes to its session. */
    noteRequiredElicitations(error, session) {
        if (!(error instanceof RpcError) || error.code !== ErrorCode.UrlElicitationRequired)
            return;
        const elicitations = isObject(error.data) ? error.data.elicitations : undefined;
        if (!Array.isArray(elicitations))
            return;
        for (const item of elicitations) {
            if (isObject(item))
                this.#remember(item.elicitationId, session);
        }
    }
    #remember(elicitationId, session) {
        if (typeof elicitationId !== 'string')
            return;
        this.#elicitations.delete(elicitationId);
        this.#elicitations.set(elicitationId, session);
        if (this.#elicitations.size > MAX_ELICITATIONS) {
            const oldest = this.#elicitations.keys().next().value;
            if (oldest !== undefined)
                this.#elicitations.delete(oldest);
        }
    }
}
//# sourceMappingURL=serverRequests.js.map