import type { CatalogKind } from './catalog.js';
export interface CursorPosition {
    kind: CatalogKind;
    offset: number;
    version: number;
}
/** Seals and opens cursors with one key; `principal` is '' when nobody is authenticated. */
export declare class CursorSealer {
    #private;
    /** `key`: the router's `requestState` key; the cursor key is derived from it. */
    constructor(key: Buffer);
    seal(position: CursorPosition, principal: string): string;
    /**
     * The offset a cursor points at. `length`, when given, is the current list length: an offset
     * at or past it is out of range.
     * @throws RpcError(-32602) when the cursor is not a string, not one of ours, modified, issued
     *   to another principal, for another list, out of range, or stale (the catalog changed).
     */
    open(cursor: unknown, expected: {
        kind: CatalogKind;
        principal: string;
        version: number;
        length?: number;
    }): number;
}
/** What one page request names: the list, where to start, and who asks. */
export interface PageRequest {
    kind: CatalogKind;
    /** The client's `params.cursor`; `undefined` starts from the beginning. */
    cursor: unknown;
    pageSize: number;
    /** The version `items` was read at (`catalog.versionOf(kind)`). */
    version: number;
    /** The caller's principal id ('' when nobody is authenticated). */
    principal: string;
}
/**
 * One page of `items` starting at the request's cursor, with the sealed cursor of the next page
 * when there is one (never a cursor for the end of a list).
 * @throws RpcError(-32602) for an invalid, foreign or stale cursor (see `CursorSealer.open`).
 */
export declare function paginate<T>(items: readonly T[], request: PageRequest, cursors: CursorSealer): {
    page: T[];
    nextCursor?: string;
};
