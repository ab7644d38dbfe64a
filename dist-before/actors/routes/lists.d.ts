import type { CatalogKind } from '../../core/catalog/index.js';
import type { InboundEvent, JsonObject, JsonRpcRequest } from '../../core/rpc/index.js';
import type { RouteHost } from './host.js';
import { type Caller, type Route } from './shared.js';
export declare const listRoute: (kind: CatalogKind, key: string) => Route;
/** The caller's view of a kind: the merged list, less what the access policy denies it. */
export declare function visibleItems(host: RouteHost, caller: Caller, kind: CatalogKind): readonly JsonObject[];
/** One page of `items` as a list result, its `nextCursor` sealed for the caller's principal. */
export declare function pageOf(host: RouteHost, request: JsonRpcRequest, caller: Caller, kind: CatalogKind, key: string, items: readonly JsonObject[], pageSize?: number): InboundEvent;
