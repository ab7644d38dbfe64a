export class KnownNames {
    #names = new Map();
    /** Remembers the names `upstream` exposes now (call before its part leaves the catalog). */
    remember(catalog, upstream) {
        const namesOf = (kind) => new Set(catalog
            .list(kind)
            .map((item) => String(item.name))
            .filter((exposed) => catalog.resolve(kind, exposed)?.upstream === upstream));
        const known = { tools: namesOf('tools'), prompts: namesOf('prompts') };
        if (known.tools.size + known.prompts.size > 0)
            this.#names.set(upstream, known);
    }
    forget(upstream) {
        this.#names.delete(upstream);
    }
    /** The statuses that are not ready, with their prefix and remembered names. */
    down(statuses, prefixOf, separator) {
        return statuses
            .filter((s) => s.state !== 'ready')
            .map((s) => {
            const known = this.#names.get(s.name);
            return {
                ...s,
                prefix: prefixOf(s.name),
                separator,
                knownNames: (kind) => known?.[kind] ?? new Set(),
            };
        });
    }
}
//# sourceMappingURL=downUpstreams.js.map