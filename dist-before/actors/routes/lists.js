/**
 * List methods: served from the merged catalog, paginated with opaque cursors sealed for the
 * caller's principal (core/catalog/cursor.ts); no fan-out. A principal's cursor pages its own
 * view (the access policy filters the list), so another principal's is refused.
 */
import { defer, of } from 'rxjs';
import { paginate } from '../../core/catalog/index.js';
import { result } from './shared.js';
export const listRoute = (kind, key) => (host, request, caller) => defer(() => of(pageOf(host, request, caller, kind, key, visibleItems(host, caller, kind))));
/** The caller's view of a kind: the merged list, less what the access policy denies it. */
export function visibleItems(host, caller, kind) {
    const catalog = host.catalog;
    const items = catalog.list(kind);
    const allows = host.allows;
    if (!allows)
        return items;
    // Per-principal view (core/auth/accessPolicy.ts): `entries` runs parallel to `list`.
    const entries = catalog.entries(kind);
    return items.filter((_, i) => {
        const entry = entries[i];
        return entry !== undefined && allows(caller, entry.upstream, kind, entry.exposed);
    });
}
/** One page of `items` as a list result, its `nextCursor` sealed for the caller's principal. */
export function pageOf(host, request, caller, kind, key, items, pageSize = host.pageSize) {
    const { page, nextCursor } = paginate(items, {
        kind,
        cursor: request.params?.cursor,
        pageSize,
        version: host.catalog.versionOf(kind),
        // The listener's principal (both eras); '' when nobody is authenticated. A profile is
        // another view: its cursors are its own (a name cannot hold '\n').
        principal: (caller.identity?.id ?? caller.context.principal ?? '') +
            (caller.profile === undefined ? '' : `\n${caller.profile}`),
    }, host.cursors);
    const value = { [key]: page };
    if (nextCursor !== undefined)
        value.nextCursor = nextCursor;
    return result(value);
}
//# sourceMappingURL=lists.js.map