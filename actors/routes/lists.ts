/** List methods: served from the merged catalog, paginated with opaque cursors; no fan-out. */
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
        kind,
        request.params?.cursor,
        host.pageSize,
        catalog.versionOf(kind),
      );
      const value: JsonObject = { [key]: page };
      if (nextCursor !== undefined) value.nextCursor = nextCursor;
      return of(result(value));
    });
