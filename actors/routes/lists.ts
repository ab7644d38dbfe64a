/** List methods: served from the merged catalog, paginated with opaque cursors; no fan-out. */
import { defer, of } from 'rxjs';
import type { CatalogKind } from '../../core/catalog.js';
import { paginate } from '../../core/cursor.js';
import type { JsonObject } from '../../core/jsonrpc.js';
import { type Route, result } from './shared.js';

export const listRoute =
  (kind: CatalogKind, key: string): Route =>
  (router, request) =>
    defer(() => {
      const catalog = router.catalog;
      const { page, nextCursor } = paginate(
        catalog.list(kind),
        kind,
        request.params?.cursor,
        router.config.pageSize,
        catalog.versionOf(kind),
      );
      const value: JsonObject = { [key]: page };
      if (nextCursor !== undefined) value.nextCursor = nextCursor;
      return of(result(value));
    });
