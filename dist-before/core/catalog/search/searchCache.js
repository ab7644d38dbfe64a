import { ToolIndex } from './toolIndex.js';
const cache = new WeakMap();
export function toolIndexOf(catalog) {
    const version = catalog.versionOf('tools');
    const cached = cache.get(catalog);
    if (cached && cached.version === version)
        return cached.index;
    const list = catalog.list('tools');
    const entries = catalog.entries('tools');
    const tools = entries.map((entry, i) => ({
        exposed: entry.exposed,
        upstream: entry.upstream,
        // The name the tool goes by (an override's rename, else the upstream's own).
        original: entry.name,
        tool: list[i],
    }));
    const index = new ToolIndex(tools);
    cache.set(catalog, { version, index });
    return index;
}
//# sourceMappingURL=searchCache.js.map