import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorSealer, paginate } from '../../../core/catalog/cursor.js';
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

const key = randomBytes(32);
const sealer = new CursorSealer(key);
const ALICE = 'token:alice';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const open = (cursor: unknown, principal = ALICE, version = 1, length?: number) =>
  sealer.open(cursor, {
    kind: 'tools',
    principal,
    version,
    ...(length === undefined ? {} : { length }),
  });

describe('CursorSealer', () => {
  it('round-trips an offset, short and opaque', () => {
    const cursor = sealer.seal({ kind: 'tools', offset: 200, version: 7 }, ALICE);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThan(64);
    expect(open(cursor, ALICE, 7)).toBe(200);
    expect(open(cursor, ALICE, 7, 201)).toBe(200);
  });

  it('binds a cursor to its principal: another principal, or none, gets -32602', () => {
    const cursor = sealer.seal({ kind: 'tools', offset: 100, version: 1 }, ALICE);
    for (const principal of ['token:bob', '', 'token:alic', 'token:alice ']) {
      const error = rpcErrorOf(() => open(cursor, principal));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/not a cursor issued by this server to this client/);
    }
    const anonymous = sealer.seal({ kind: 'tools', offset: 100, version: 1 }, '');
    expect(open(anonymous, '')).toBe(100);
    expect(rpcErrorOf(() => open(anonymous, ALICE)).code).toBe(-32602);
  });

  it('refuses a cursor of another key (another router, or one restarted with a random key)', () => {
    const cursor = new CursorSealer(randomBytes(32)).seal(
      { kind: 'tools', offset: 100, version: 1 },
      ALICE,
    );
    expect(rpcErrorOf(() => open(cursor)).message).toMatch(/to this client/);
    // The same secret on another instance: accepted.
    const twin = new CursorSealer(Buffer.from(key)).seal(
      { kind: 'tools', offset: 100, version: 1 },
      ALICE,
    );
    expect(open(twin)).toBe(100);
  });

  it('refuses every modification: payload bytes, MAC bytes, another base64 spelling', () => {
    const cursor = sealer.seal({ kind: 'tools', offset: 100, version: 1 }, ALICE);
    const [payload, mac] = cursor.split('.') as [string, string];
    const tampered = [
      `${raw(['tools', 0, 1])}.${mac}`, // offset moved
      `${raw(['tools', 100, 2])}.${mac}`, // version moved
      `${raw(['prompts', 100, 1])}.${mac}`, // list moved
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.${mac}A`,
      `${payload}A.${mac}`,
      payload,
      `${payload}.${mac}.${mac}`,
    ];
    for (const bad of tampered) {
      const error = rpcErrorOf(() => open(bad));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(
        /^Invalid cursor for tools\/list: not a cursor issued by this server/,
      );
    }
  });

  it.each([
    ['a number', 5, /expected a string, got number/],
    ['null', null, /expected a string, got null/],
    ['an empty string', '', /not a cursor issued by this server/],
    ['not base64url', 'abc+/=.abc', /not a cursor issued by this server/],
    ['an unsigned cursor of the old format', raw({ k: 'tools', o: 1, v: 1 }), /not a cursor/],
    ['too long', `${'A'.repeat(1000)}.AAAA`, /not a cursor issued by this server/],
  ])('rejects %s with -32602', (_label, cursor, message) => {
    const error = rpcErrorOf(() => open(cursor));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^Invalid cursor for tools\/list: /);
    expect(error.message).toMatch(message);
  });

  it('names the list a genuine cursor of another list belongs to', () => {
    const cursor = sealer.seal({ kind: 'prompts', offset: 1, version: 1 }, ALICE);
    const error = rpcErrorOf(() => open(cursor));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/issued by prompts\/list/);
    const template = sealer.seal({ kind: 'resourceTemplates', offset: 1, version: 1 }, ALICE);
    expect(
      rpcErrorOf(() => sealer.open(template, { kind: 'resources', principal: ALICE, version: 1 }))
        .message,
    ).toMatch(/^Invalid cursor for resources\/list: it was issued by resources\/templates\/list/);
  });

  it('rejects a stale version, and an offset at or past the list length', () => {
    const cursor = sealer.seal({ kind: 'tools', offset: 10, version: 1 }, ALICE);
    expect(rpcErrorOf(() => open(cursor, ALICE, 2)).message).toMatch(
      /the list changed since this cursor was issued/,
    );
    const error = rpcErrorOf(() => open(cursor, ALICE, 1, 10));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/offset 10 is out of range/);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 1000 }, (_, i) => i);
  const page = (
    list: readonly number[],
    kind: 'tools' | 'prompts' | 'resources' | 'resourceTemplates',
    cursor: unknown,
    version: number,
    principal = ALICE,
  ) => paginate(list, { kind, cursor, pageSize: 100, version, principal }, sealer);

  it('walks 1,000 items in 10 pages of 100 without duplicates or losses', () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (let guard = 0; guard < 20; guard++) {
      const result = page(items, 'tools', cursor, 3);
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
    expect(page([1, 2, 3], 'prompts', undefined, 0)).toEqual({ page: [1, 2, 3] });
    expect(page([], 'prompts', undefined, 0)).toEqual({ page: [] });
    expect(page(items.slice(0, 100), 'prompts', undefined, 0).nextCursor).toBeUndefined();
  });

  it('gives a short last page', () => {
    const first = page(items.slice(0, 150), 'resources', undefined, 1);
    const second = page(items.slice(0, 150), 'resources', first.nextCursor, 1);
    expect(second.page).toEqual(items.slice(100, 150));
    expect(second.nextCursor).toBeUndefined();
  });

  it("refuses a cursor after the catalog changed, one from another list, and another principal's", () => {
    const { nextCursor } = page(items, 'tools', undefined, 1);
    expect(rpcErrorOf(() => page(items, 'tools', nextCursor, 2)).message).toMatch(/list changed/);
    expect(rpcErrorOf(() => page(items, 'resourceTemplates', nextCursor, 1)).code).toBe(-32602);
    expect(rpcErrorOf(() => page(items, 'tools', nextCursor, 1, 'token:bob')).code).toBe(-32602);
  });

  it('reports a stale cursor as stale even when the list shrank under it', () => {
    const { nextCursor } = page(items, 'tools', undefined, 1);
    expect(rpcErrorOf(() => page(items.slice(0, 50), 'tools', nextCursor, 2)).message).toMatch(
      /list changed/,
    );
  });
});
