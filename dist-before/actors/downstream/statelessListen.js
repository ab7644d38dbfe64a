/**
 * `subscriptions/listen` (2026-07-28, basic/patterns/subscriptions) for modern clients.
 *
 * A listen is an inbound request that never completes by itself: on subscribe it sends
 * `notifications/subscriptions/acknowledged` with the subset of the filter the router honours,
 * then every matching notification, each tagged with `_meta.subscriptionId` = the request id
 * and sent with `relatedRequestId` so an HTTP transport puts it on that request's stream. It
 * ends when its handler is unsubscribed: the client's `notifications/cancelled` (stdio) or a
 * closed response stream (HTTP closes the connection). When the server closes the connection
 * (shutdown), each listen first gets its completion result (`endAll`).
 *
 * Sources (legacy upstreams): the facade's coalesced list changes reach every session through
 * `DownstreamSession.notifyIfReady`, which hands them to `Listens.deliver`; resource updates
 * come from the router's reference-counted `resources/subscribe` table (`ListenSources`, given by the
 * host), with each listen as a subscriber of the URIs it asked for. A URI is honoured when it
 * resolves to a shared upstream that declared `resources.subscribe`; others are left out of
 * the acknowledgment.
 *
 * Bounded and proportional: a listen names at most `maxListenUris` URIs (-32602 past it), a
 * principal holds at most `maxListensPerPrincipal` listens (-31003, `ListenQuota`); URIs are
 * deduplicated, resolved and subscribed in slices that give the event loop back
 * (pacedWork.ts), with at most `SUBSCRIBE_CONCURRENCY` upstream subscriptions in flight, and
 * a listen's end releases exactly what it holds.
 */
import { Observable } from 'rxjs';
import { LISTEN_DEFAULTS } from '../../core/config/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { META } from '../../core/mcp/index.js';
import { eachPaced, inSlices } from './pacedWork.js';
const LIST_FLAGS = {
    'notifications/tools/list_changed': 'toolsListChanged',
    'notifications/prompts/list_changed': 'promptsListChanged',
    'notifications/resources/list_changed': 'resourcesListChanged',
};
const FLAG_CAPABILITY = {
    toolsListChanged: 'tools',
    promptsListChanged: 'prompts',
    resourcesListChanged: 'resources',
};
/** Upstream `resources/subscribe` requests one listen has in flight at most. */
export const SUBSCRIBE_CONCURRENCY = 4;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A notification tagged with the subscription it belongs to. */
export function tagged(params, id) {
    const meta = isObject(params?._meta) ? params._meta : {};
    return { ...params, _meta: { ...meta, [META.subscriptionId]: id } };
}
/** The listens open on one downstream connection. */
export class Listens {
    #active = new Set();
    #connection;
    /** The connection's principal: listens receive only what it may (actors/router/audience.ts). */
    #identity;
    #profile;
    constructor(connection, identity, profile) {
        this.#connection = connection;
        this.#identity = identity;
        this.#profile = profile;
    }
    get size() {
        return this.#active.size;
    }
    /** A list change for this connection: to every listen that asked for it. */
    deliver(method, params) {
        const flag = LIST_FLAGS[method];
        if (flag === undefined)
            return;
        for (const listen of this.#active) {
            if (listen.accepted[flag] === true)
                this.#send(listen.id, method, params);
        }
    }
    /**
     * The handler of one `subscriptions/listen` request. `key` is who holds it for the
     * per-principal bound (the principal, else this connection). Throws -32602 for a filter that
     * is not an object or names more URIs than the bound; the stream errors with -31003 when the
     * principal already holds as many listens as it may.
     */
    open(host, request, key) {
        const filter = request.params?.notifications;
        if (!isObject(filter)) {
            throw new RpcError(ErrorCode.InvalidParams, 'subscriptions/listen: params.notifications must be an object');
        }
        const asked = filter.resourceSubscriptions;
        const maxUris = host.listenQuota?.limits.maxUris ?? LISTEN_DEFAULTS.maxListenUris;
        if (Array.isArray(asked) && asked.length > maxUris) {
            throw new RpcError(ErrorCode.InvalidParams, `subscriptions/listen: ${asked.length} resourceSubscriptions, more than the ${maxUris} one listen may name (mcpMux.maxListenUris)`, { limit: 'maxListenUris', max: maxUris, count: asked.length });
        }
        return new Observable((stream) => {
            const release = host.listenQuota ? host.listenQuota.acquire(key) : () => { };
            if (!release) {
                const max = host.listenQuota?.limits.maxPerPrincipal;
                stream.error(new RpcError(ErrorCode.LimitExceeded, `subscriptions/listen: this client already holds ${max} open listens (mcpMux.maxListensPerPrincipal); end one first`, { limit: 'maxListensPerPrincipal', max }));
                return;
            }
            const id = request.id;
            const listen = {
                id,
                accepted: {},
                end: () => {
                    stream.next({
                        kind: 'result',
                        result: { resultType: 'complete', _meta: { [META.subscriptionId]: id } },
                    });
                    stream.complete();
                },
            };
            let ended = false;
            const subscriber = {
                identity: this.#identity,
                profile: this.#profile,
                notifyIfReady: (method, params) => this.#send(id, method, params),
            };
            // A failure while starting (a source that throws) fails this listen, never the process.
            this.#start(host, listen, filter, subscriber, () => ended).catch((error) => {
                if (!ended)
                    stream.error(error);
            });
            return () => {
                ended = true;
                release();
                this.#active.delete(listen);
                host.listenSources?.unsubscribeAll(subscriber);
            };
        });
    }
    /**
     * Resolves the filter (URIs deduplicated, in slices), acknowledges it, then subscribes the
     * honoured URIs a few at a time. Each step stops once the listen has ended.
     */
    async #start(host, listen, filter, subscriber, ended) {
        const capabilities = host.capabilities();
        const { accepted } = listen;
        for (const [flag, capability] of Object.entries(FLAG_CAPABILITY)) {
            if (filter[flag] === true && isObject(capabilities[capability]))
                accepted[flag] = true;
        }
        const sources = host.listenSources;
        const targets = [];
        if (Array.isArray(filter.resourceSubscriptions)) {
            const uris = new Set();
            for (const uri of filter.resourceSubscriptions)
                if (typeof uri === 'string')
                    uris.add(uri);
            const paced = { scheduler: host.scheduler, stopped: ended };
            const resolved = await inSlices([...uris], paced, (uri) => {
                const target = sources?.subscribable(uri, this.#identity, this.#profile);
                if (target)
                    targets.push({ ...target, exposed: uri });
            });
            if (!resolved)
                return;
            accepted.resourceSubscriptions = targets.map((t) => t.exposed);
        }
        this.#send(listen.id, 'notifications/subscriptions/acknowledged', { notifications: accepted });
        this.#active.add(listen);
        if (!sources || targets.length === 0)
            return;
        let failed = 0;
        let firstError;
        await eachPaced(targets, { scheduler: host.scheduler, stopped: ended, concurrency: SUBSCRIBE_CONCURRENCY }, (target) => sources
            .subscribe(subscriber, target.upstream, target.original, target.exposed)
            .then(undefined, (error) => {
            failed++;
            firstError ??= error;
        }));
        if (failed > 0 && !ended()) {
            host.log.warn('subscriptions/listen: upstreams refused resource subscriptions', {
                refused: failed,
                of: targets.length,
                error: String(firstError),
            });
        }
    }
    /**
     * Graceful closure (spec: the server SHOULD answer the listen request before closing): every
     * open listen gets its completion result. Called before the connection closes.
     */
    endAll() {
        for (const listen of [...this.#active])
            listen.end();
    }
    #send(id, method, params) {
        this.#connection.notify(method, tagged(params, id), { relatedRequestId: id });
    }
}
//# sourceMappingURL=statelessListen.js.map