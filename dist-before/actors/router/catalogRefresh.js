import { servesToolTasks, withoutTaskOnlyTools } from '../../core/catalog/index.js';
import { LIST_KINDS, logCollisions } from './facade.js';
/**
 * The soonest a list a modern upstream gave a `ttlMs` is fetched again. `ttlMs: 0` ("do not
 * reuse") is not a refresh loop: the catalog follows such an upstream's list changes through
 * its `subscriptions/listen` (actors/upstream/modernListen.ts), and refreshes it at this pace
 * when it offers none.
 */
export const MIN_TTL_REFRESH_MS = 5_000;
export class CatalogRefresh {
    #host;
    /** Items fetched per upstream and kind (before filters and collisions), for status lines. */
    #counts = new Map();
    /** Pending `ttlMs` refreshes, by upstream name and list method. */
    #stale = new Map();
    constructor(host) {
        this.#host = host;
    }
    countsOf(name) {
        return this.#counts.get(name);
    }
    /** Takes an upstream's part out of the catalog (failed, closed or removed). */
    remove(name) {
        this.#host.catalog.removeUpstream(name);
        this.#counts.delete(name);
        for (const [key, cancel] of this.#stale) {
            if (key.startsWith(`${name}\n`)) {
                cancel();
                this.#stale.delete(key);
            }
        }
    }
    /**
     * A modern upstream's list goes stale after its `ttlMs` (server/utilities/caching): it is
     * fetched again then, unless a list change comes first (that refresh re-arms this). A `ttlMs`
     * of 0 is only honoured this way when the upstream sends no list changes.
     */
    #expire(upstream, kind, method) {
        const key = `${upstream.name}\n${method}`;
        this.#stale.get(key)?.();
        this.#stale.delete(key);
        const ttl = upstream.listTtlMs(method);
        const schedule = this.#host.schedule;
        if (ttl === undefined || schedule === undefined)
            return;
        if (ttl === 0 && upstream.listensForChanges)
            return;
        const cancel = schedule(Math.max(ttl, MIN_TTL_REFRESH_MS), () => {
            this.#stale.delete(key);
            if (this.#host.isCurrent(upstream))
                void this.refresh(upstream, [kind]);
        });
        this.#stale.set(key, cancel);
    }
    /** Re-fetches `kinds` of `upstream` (those its capabilities offer) into the catalog. */
    async refresh(upstream, kinds) {
        const host = this.#host;
        const caps = upstream.server?.capabilities ?? {};
        const config = upstream.config;
        const catalogUpstream = {
            name: config.name,
            prefix: config.prefix,
            order: host.configOrder().findIndex((u) => u.name === config.name),
            tools: config.tools,
            prompts: config.prompts,
            toolOverrides: config.toolOverrides,
            promptOverrides: config.promptOverrides,
        };
        await Promise.all(LIST_KINDS.filter((k) => kinds.includes(k.kind) && caps[k.capability]).map(async (k) => {
            try {
                const items = await upstream.listAll(k.method, k.key);
                if (!host.isCurrent(upstream))
                    return;
                const changed = host.catalog.setItems(catalogUpstream, k.kind, servesToolTasks(caps) ? items : this.#callable(upstream.name, k.kind, items));
                this.#counts.set(upstream.name, {
                    ...this.#counts.get(upstream.name),
                    [k.kind]: items.length,
                });
                // The same list again (a change undone, a storm that ended where it began) is no news.
                if (changed)
                    host.changed(k.kind, upstream.name);
                this.#expire(upstream, k.kind, k.method);
            }
            catch (error) {
                const report = host.quiet() ? host.log.debug : host.log.warn;
                report.call(host.log, `upstream ${upstream.name}: ${k.method} failed: ${error.message}`);
            }
        }));
        logCollisions(host.log, host.catalog, upstream.name);
    }
    /** Task-only tools of an upstream that serves no tool tasks are left out (core/catalog/tasks.ts). */
    #callable(name, kind, items) {
        if (kind !== 'tools')
            return items;
        const { tools, hidden } = withoutTaskOnlyTools(items);
        if (hidden.length > 0) {
            this.#host.log.info(`upstream ${name}: ${hidden.length} tool(s) need tasks, but the upstream does not declare tasks.requests.tools.call; not exposed: ${hidden.join(', ')}`);
        }
        return tools;
    }
}
//# sourceMappingURL=catalogRefresh.js.map