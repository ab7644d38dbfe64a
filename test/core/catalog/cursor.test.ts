import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, paginate } from '../../../core/catalog/cursor.js';
import { RpcError } from '../../../core/errors/errors.js';

/** The RpcError `fn` throws. */
function rpcErrorOf(fn: () => unknown): RpcError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  }
  throw new Error('expected an RpcError');
}

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('encodeCursor / decodeCursor', () => {
  it('round-trips an offset', () => {
    const cursor = encodeCursor({ kind: 'tools', offset: 200, version: 7 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'tools', 7)).toBe(200);
    expect(decodeCursor(cursor, 'tools', 7, 201)).toBe(200);
  });

  it.each([
    ['a number', 5, /expected a string, got number/],
    ['null', null, /expected a string, got null/],
    ['an empty string', '', /not a cursor issued by this server/],
    ['not base64url', 'abc+/=', /not a cursor issued by this server/],
    ['not JSON', Buffer.from('nope').toString('base64url'), /not a cursor issued by this server/],
    ['a JSON string', raw('x'), /not a cursor issued by this server/],
    ['missing fields', raw({ k: 'tools', o: 1 }), /not a cursor issued by this server/],
    ['too long', 'A'.repeat(1000), /not a cursor issued by this server/],
    ['another list', raw({ k: 'prompts', o: 1, v: 1 }), /issued by prompts\/list/],
    ['an unknown list', raw({ k: 'zzz', o: 1, v: 1 }), /issued by another list/],
    ['a negative offset', raw({ k: 'tools', o: -1, v: 1 }), /offset -1 is out of range/],
    ['a fractional offset', raw({ k: 'tools', o: 1.5, v: 1 }), /offset 1.5 is out of range/],
    [
      'a stale version',
      raw({ k: 'tools', o: 1, v: 0 }),
      /the list changed since this cursor was issued/,
    ],
  ])('rejects %s with -32602', (_label, cursor, message) => {
    const error = rpcErrorOf(() => decodeCursor(cursor, 'tools', 1));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^Invalid cursor for tools\/list: /);
    expect(error.message).toMatch(message);
  });

  it('rejects an offset at or past the list length', () => {
    const cursor = encodeCursor({ kind: 'resources', offset: 10, version: 1 });
    const error = rpcErrorOf(() => decodeCursor(cursor, 'resources', 1, 10));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/offset 10 is out of range/);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 1000 }, (_, i) => i);

  it('walks 1,000 items in 10 pages of 100 without duplicates or losses', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (let guard = 0; guard < 20; guard++) {
      const result = paginate(items, 'tools', cursor, 100, 3);
      pages++;
      expect(result.page).toHaveLength(100);
      seen.push(...result.page);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    expect(pages).toBe(10);
    expect(seen).toEqual(items);
  });

  it('returns everything without a cursor when it fits one page', () => {
    expect(paginate([1, 2, 3], 'prompts', undefined, 100, 0)).toEqual({ page: [1, 2, 3] });
    expect(paginate([], 'prompts', undefined, 100, 0)).toEqual({ page: [] });
    const exact = paginate(items.slice(0, 100), 'prompts', undefined, 100, 0);
    expect(exact.nextCursor).toBeUndefined();
  });

  it('gives a short last page', () => {
    const first = paginate(items.slice(0, 150), 'resources', undefined, 100, 1);
    const second = paginate(items.slice(0, 150), 'resources', first.nextCursor, 100, 1);
    expect(second.page).toEqual(items.slice(100, 150));
    expect(second.nextCursor).toBeUndefined();
  });

  it('refuses a cursor after the catalog changed, and one from another list', () => {
    const { nextCursor } = paginate(items, 'tools', undefined, 100, 1);
    expect(rpcErrorOf(() => paginate(items, 'tools', nextCursor, 100, 2)).message).toMatch(
      /list changed/,
    );
    expect(rpcErrorOf(() => paginate(items, 'resourceTemplates', nextCursor, 100, 1)).code).toBe(
      -32602,
    );
  });

  it('reports a stale cursor as stale even when the list shrank under it', () => {
    const { nextCursor } = paginate(items, 'tools', undefined, 100, 1);
    expect(
      rpcErrorOf(() => paginate(items.slice(0, 50), 'tools', nextCursor, 100, 2)).message,
    ).toMatch(/list changed/);
  });
});
