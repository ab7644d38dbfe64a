import { servesToolTasks } from '../../core/catalog/index.js';
/** Each list the catalog holds: its method, result key and the capability that offers it. */
export const LIST_KINDS = [
    { kind: 'tools', method: 'tools/list', key: 'tools', capability: 'tools' },
    { kind: 'prompts', method: 'prompts/list', key: 'prompts', capability: 'prompts' },
    { kind: 'resources', method: 'resources/list', key: 'resources', capability: 'resources' },
    {
        kind: 'resourceTemplates',
        method: 'resources/templates/list',
        key: 'resourceTemplates',
        capability: 'resources',
    },
];
export const ALL_KINDS = LIST_KINDS.map((k) => k.kind);
const FACADE_LIST_CHANGED = {
    tools: 'notifications/tools/list_changed',
    prompts: 'notifications/prompts/list_changed',
    resources: 'notifications/resources/list_changed',
    resourceTemplates: 'notifications/resources/list_changed',
};
/**
 * The union of the ready upstreams' server capabilities, as the facade advertises them.
 * `starting`: some upstreams are still starting (a client answered after the grace): their
 * capabilities are unknown, so prompts and resources are offered with `listChanged` too, and
 * whatever they bring is announced with `list_changed` when they are ready.
 */
export function facadeCapabilities(upstreams, starting = false) {
    const caps = { tools: { listChanged: true } };
    if (starting) {
        caps.prompts = { listChanged: true };
        caps.resources = { listChanged: true, subscribe: false };
    }
    for (const upstream of upstreams) {
        // A dual-era upstream: what its legacy connection declared (logging, subscribe too).
        const server = (upstream.legacy ?? upstream).server?.capabilities;
        if (!server)
            continue;
        if (server.prompts)
            caps.prompts = { listChanged: true };
        if (server.resources) {
            const subscribe = Boolean(server.resources.subscribe);
            const previous = caps.resources;
            caps.resources = { listChanged: true, subscribe: subscribe || Boolean(previous?.subscribe) };
        }
        if (server.logging)
            caps.logging = {};
        if (servesToolTasks(server)) {
            // Tasks are routed (routes/tasks.ts): list and cancel as any upstream offers them.
            const tasks = caps.tasks ?? { requests: { tools: { call: {} } } };
            const offered = server.tasks;
            if (offered.list !== undefined)
                tasks.list = {};
            if (offered.cancel !== undefined)
                tasks.cancel = {};
            caps.tasks = tasks;
        }
        if (server.completions)
            caps.completions = {};
    }
    return caps;
}
/** The upstreams' instructions, one section each, or undefined when none gave any. */
export function facadeInstructions(upstreams) {
    const parts = [];
    for (const upstream of upstreams) {
        const text = upstream.server?.instructions;
        if (text)
            parts.push(`## ${upstream.name}\n${text}`);
    }
    return parts.length > 0 ? parts.join('\n\n') : undefined;
}
/** Collisions are never silent: each one that involves `upstream` is logged. */
export function logCollisions(log, catalog, upstream) {
    for (const collision of catalog.collisions()) {
        if (collision.loser.upstream === upstream || collision.winner.upstream === upstream) {
            const { winner, loser } = collision;
            // Within one upstream (an override's new name meeting a listed one, a duplicate): which item won.
            const won = winner.upstream === loser.upstream
                ? `${winner.upstream}/${winner.original}`
                : winner.upstream;
            log.warn(`name collision on ${collision.kind} "${collision.exposed}": ${won} wins, ${loser.upstream}/${loser.original} is not exposed`);
        }
    }
}
/**
 * Coalesces catalog changes into one facade list_changed per kind over a short window. A
 * session gets a kind's `list_changed` only when one of the upstreams that changed it may reach
 * it (`mayReceive`, from `mcpMux.access`): a change caused only by upstreams a principal may not
 * use is not announced to it (its lists did not change).
 */
export class ListChanges {
    scheduler;
    sessions;
    mayReceive;
    windowMs;
    /** Per kind changed in this window, the upstreams that changed it. */
    #pending = new Map();
    #scheduled = false;
    constructor(scheduler, sessions, mayReceive = () => true, windowMs = 10) {
        this.scheduler = scheduler;
        this.sessions = sessions;
        this.mayReceive = mayReceive;
        this.windowMs = windowMs;
    }
    /** `upstream`'s part of the catalog of `kind` changed. */
    changed(kind, upstream) {
        let upstreams = this.#pending.get(kind);
        if (upstreams === undefined) {
            upstreams = new Set();
            this.#pending.set(kind, upstreams);
        }
        upstreams.add(upstream);
        if (this.#scheduled)
            return;
        this.#scheduled = true;
        this.scheduler.schedule(() => {
            this.#scheduled = false;
            // Method → the upstreams that changed it (resources and templates share one method).
            const methods = new Map();
            for (const [k, names] of this.#pending) {
                const method = FACADE_LIST_CHANGED[k];
                methods.set(method, new Set([...(methods.get(method) ?? []), ...names]));
            }
            this.#pending.clear();
            for (const session of this.sessions()) {
                for (const [method, names] of methods) {
                    if ([...names].some((name) => this.mayReceive(session, name)))
                        session.notifyIfReady(method);
                }
            }
        }, this.windowMs);
    }
}
/**
 * One line of `Router.status()` (and of `mcp-mux inspect`). `counts`: items fetched per kind;
 * `now`: the current time on the clock the upstream's supervisor runs on.
 */
export function upstreamStatus(u, counts, now) {
    const { health, restarts, restartAt } = u.supervision;
    return {
        name: u.name,
        state: u.state,
        health,
        restarts,
        ...(restartAt === undefined ? {} : { restartInMs: Math.max(0, restartAt - now) }),
        ...(u.error === undefined ? {} : { error: u.error }),
        tools: counts?.tools ?? 0,
        prompts: counts?.prompts ?? 0,
        resources: counts?.resources ?? 0,
        resourceTemplates: counts?.resourceTemplates ?? 0,
    };
}
//# sourceMappingURL=facade.js.map