/** List methods: served from the merged catalog, paginated with opaque cursors; no fan-out. */
import { defer, of } from 'rxjs';
import type { CatalogKind } from '../../core/catalog/catalog.js';
import { paginate } from '../../core/catalog/cursor.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import { type Route, result } from './shared.js';

export const listRoute =
  (kind: CatalogKind, key: string): Route =>
  (host, request) =>
    defer(() => {
      const catalog = host.catalog;
      const { page, nextCursor } = paginate(
        catalog.list(kind),
        kind,
        request.params?.cursor,
        host.pageSize,
        catalog.versionOf(kind),
      );
      const value: JsonObject = { [key]: page };
      if (nextCursor !== undefined) value.nextCursor = nextCursor;
      return of(result(value));
    });
