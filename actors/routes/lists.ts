/**
 * List methods: served from the merged catalog, paginated with opaque cursors sealed for the
 * caller's principal (core/catalog/cursor.ts); no fan-out. A principal's cursor pages its own
 * view (the access policy filters the list), so another principal's is refused.
 */
import { defer, of } from 'rxjs';
import type { CatalogKind } from '../../core/catalog/index.js';
import { paginate } from '../../core/catalog/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import { type Route, result } from './shared.js';

export const listRoute =
  (kind: CatalogKind, key: string): Route =>
  (host, request, caller) =>
    defer(() => {
      const catalog = host.catalog;
      let items = catalog.list(kind);
      const allows = host.allows;
      if (allows) {
        // Per-principal view (core/auth/accessPolicy.ts): `entries` runs parallel to `list`.
        const entries = catalog.entries(kind);
        items = items.filter((_, i) => {
          const entry = entries[i];
          return entry !== undefined && allows(caller, entry.upstream, kind, entry.exposed);
        });
      }
      const { page, nextCursor } = paginate(
        items,
        {
          kind,
          cursor: request.params?.cursor,
          pageSize: host.pageSize,
          version: catalog.versionOf(kind),
          // The listener's principal (both eras); '' when nobody is authenticated.
          principal: caller.identity?.id ?? caller.context.principal ?? '',
        },
        host.cursors,
      );
      const value: JsonObject = { [key]: page };
      if (nextCursor !== undefined) value.nextCursor = nextCursor;
      return of(result(value));
    });
