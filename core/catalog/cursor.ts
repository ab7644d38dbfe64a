/**
 * Opaque facade cursors. A cursor is base64url of a small JSON object `{k, o, v}`: the list
 * kind, the offset of the next page in the merged catalog list, and the catalog version it
 * was issued at. A cursor from an older version is refused (the merged list may have shifted,
 * so the offset could skip or repeat items); the client lists again from the start.
 * Invalid cursors are JSON-RPC -32602 (Invalid params), as the pagination spec asks.
 */

import { ErrorCode, RpcError } from '../errors/index.js';
import type { CatalogKind } from './catalog.js';

export interface CursorPosition {
  kind: CatalogKind;
  offset: number;
  version: number;
}

/** The list method a kind belongs to, for messages a user can act on. */
const METHOD: Record<CatalogKind, string> = {
  tools: 'tools/list',
  prompts: 'prompts/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
};

/** Real cursors are ~60 characters; anything far longer is not ours. */
const MAX_CURSOR_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeCursor(position: CursorPosition): string {
  const packed = JSON.stringify({ k: position.kind, o: position.offset, v: position.version });
  return Buffer.from(packed, 'utf8').toString('base64url');
}

const invalid = (kind: CatalogKind, reason: string) =>
  new RpcError(ErrorCode.InvalidParams, `Invalid cursor for ${METHOD[kind]}: ${reason}`);

/**
 * The offset a cursor points at. `length`, when given, is the current list length: an offset
 * at or past it is out of range.
 * @throws RpcError(-32602) when the cursor is not a string, not one of ours, for another list,
 *   out of range, or stale (the catalog changed since it was issued).
 */
export function decodeCursor(
  cursor: unknown,
  kind: CatalogKind,
  currentVersion: number,
  length?: number,
): number {
  if (typeof cursor !== 'string') {
    throw invalid(kind, `expected a string, got ${cursor === null ? 'null' : typeof cursor}`);
  }
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) {
    throw invalid(kind, 'not a cursor issued by this server');
  }
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(kind, 'not a cursor issued by this server');
  }
  if (typeof position !== 'object' || position === null) {
    throw invalid(kind, 'not a cursor issued by this server');
  }
  const { k, o, v } = position as Record<string, unknown>;
  if (typeof k !== 'string' || typeof v !== 'number' || typeof o !== 'number') {
    throw invalid(kind, 'not a cursor issued by this server');
  }
  if (k !== kind) {
    const other = (METHOD as Record<string, string | undefined>)[k] ?? 'another list';
    throw invalid(kind, `it was issued by ${other}`);
  }
  if (!Number.isSafeInteger(o) || o < 0) throw invalid(kind, `offset ${o} is out of range`);
  // Stale before range: after a change the old offset may be past the end, but "the list
  // changed" is the message a client can act on.
  if (v !== currentVersion) {
    throw invalid(kind, 'the list changed since this cursor was issued; list again from the start');
  }
  if (length !== undefined && o >= length) throw invalid(kind, `offset ${o} is out of range`);
  return o;
}

/**
 * One page of `items` starting at `cursor` (from the start when `undefined`), with the cursor
 * of the next page when there is one. `version` must be the version `items` was read at.
 * @throws RpcError(-32602) for an invalid or stale cursor (see `decodeCursor`).
 */
export function paginate<T>(
  items: readonly T[],
  kind: CatalogKind,
  cursor: unknown | undefined,
  pageSize: number,
  version: number,
): { page: T[]; nextCursor?: string } {
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, kind, version, items.length);
  const size = Math.max(1, Math.floor(pageSize) || 1);
  const end = offset + size;
  const page = items.slice(offset, end);
  if (end >= items.length) return { page };
  return { page, nextCursor: encodeCursor({ kind, offset: end, version }) };
}
