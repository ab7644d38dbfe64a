/**
 * List methods: served from the merged catalog, paginated with opaque cursors sealed for the
 * caller's principal (core/catalog/cursor.ts); no fan-out. A principal's cursor pages its own
 * view (the access policy filters the list), so another principal's is refused.
 */
import { defer, of } from 'rxjs';
import type { CatalogKind } from '../../core/catalog/index.js';
import { paginate, toolsForClient } from '../../core/catalog/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest } from '../../core/rpc/index.js';
import type { RouteHost } from './host.js';
import { type Caller, type Route, result } from './shared.js';

export const listRoute =
  (kind: CatalogKind, key: string): Route =>
  (host, request, caller) =>
    defer(() => of(pageOf(host, request, caller, kind, key, visibleItems(host, caller, kind))));

/**
 * The caller's view of a kind: the merged list, less what the access policy denies it; tools
 * that need a client capability the caller lacks are marked or left out (`toolNeeds`).
 */
export function visibleItems(
  host: RouteHost,
  caller: Caller,
  kind: CatalogKind,
): readonly JsonObject[] {
  const catalog = host.catalog;
  const items = catalog.list(kind);
  const allows = host.allows;
  const toolNeeds = kind === 'tools' ? host.toolNeeds : undefined;
  const needs = toolNeeds?.needs.mayApplyTo(items) ? toolNeeds : undefined;
  if (!allows && !needs) return items;
  // Per-principal view (core/auth/accessPolicy.ts): `entries` runs parallel to `list`.
  const entries = catalog.entries(kind);
  const allowed = allows
    ? items.filter((_, i) => {
        const entry = entries[i];
        return entry !== undefined && allows(caller, entry.upstream, kind, entry.exposed);
      })
    : items;
  if (!needs) return allowed;
  const origins = allows
    ? entries.filter((entry) => allows(caller, entry.upstream, kind, entry.exposed))
    : entries;
  return toolsForClient(
    allowed,
    origins,
    needs.needs,
    caller.context.clientCapabilities,
    needs.mode,
  ) as readonly JsonObject[];
}

/** One page of `items` as a list result, its `nextCursor` sealed for the caller's principal. */
export function pageOf(
  host: RouteHost,
  request: JsonRpcRequest,
  caller: Caller,
  kind: CatalogKind,
  key: string,
  items: readonly JsonObject[],
  pageSize = host.pageSize,
): InboundEvent {
  const { page, nextCursor } = paginate(
    items,
    {
      kind,
      cursor: request.params?.cursor,
      pageSize,
      version: host.catalog.versionOf(kind),
      // The listener's principal (both eras); '' when nobody is authenticated. A profile is
      // another view: its cursors are its own (a name cannot hold '\n').
      principal:
        (caller.identity?.id ?? caller.context.principal ?? '') +
        (caller.profile === undefined ? '' : `\n${caller.profile}`),
    },
    host.cursors,
  );
  const value: JsonObject = { [key]: page };
  if (nextCursor !== undefined) value.nextCursor = nextCursor;
  return result(value);
}
