/**
 * The list routes' cursors (actors/routes/lists.ts) on a hand-made host: sealed for the
 * caller's principal in both eras (a legacy session's transport identity, a modern request's
 * context principal), so another principal's cursor, a modified one and one of another list
 * are -32602, and a genuine one pages on.
 */
import { randomBytes } from 'node:crypto';
import { lastValueFrom, of, toArray, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../actors/downstream/host.js';
import { type RouteHost, route } from '../../../actors/routes/index.js';
import { Catalog, type CatalogKind } from '../../../core/catalog/catalog.js';
import { CursorSealer } from '../../../core/catalog/cursor.js';
import { RpcError } from '../../../core/errors/errors.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

const LISTS: { method: string; kind: CatalogKind; key: string; item: (i: number) => JsonObject }[] =
  [
    { method: 'tools/list', kind: 'tools', key: 'tools', item: (i) => ({ name: `t${i}` }) },
    { method: 'prompts/list', kind: 'prompts', key: 'prompts', item: (i) => ({ name: `p${i}` }) },
    {
      method: 'resources/list',
      kind: 'resources',
      key: 'resources',
      item: (i) => ({ uri: `test://r/${i}`, name: `r${i}` }),
    },
    {
      method: 'resources/templates/list',
      kind: 'resourceTemplates',
      key: 'resourceTemplates',
      item: (i) => ({ uriTemplate: `test://t${i}/{id}`, name: `t${i}` }),
    },
  ];

function host(): RouteHost {
  const catalog = new Catalog({ separator: '__' });
  const upstream = { name: 'a', prefix: 'a', order: 0, tools: {}, prompts: {} };
  for (const list of LISTS) {
    catalog.setItems(
      upstream,
      list.kind,
      Array.from({ length: 5 }, (_, i) => list.item(i)),
    );
  }
  return {
    catalog,
    cursors: new CursorSealer(randomBytes(32)),
    scheduler: new VirtualTimeScheduler(),
    pageSize: 2,
    isStarted: true,
    whenStarted: () => Promise.resolve(),
    upstream: () => ({ capabilities: { tools: {}, prompts: {}, resources: {} }, isolated: false }),
    forward: () => of({ kind: 'result', result: {} }),
    subscribe: () => Promise.reject(new Error('not used')),
    unsubscribe: () => Promise.reject(new Error('not used')),
    syncLogLevels: () => Promise.resolve(),
  };
}

/** A legacy session's caller: its transport authenticated `principal`. */
const legacy = (principal?: string): Caller => ({
  context: {
    protocolVersion: '2025-06-18',
    clientCapabilities: {},
    clientInfo: undefined,
    sessionId: '1',
  },
  session: undefined,
  inbound: { id: 1, signal: new AbortController().signal },
  ...(principal === undefined ? {} : { identity: { id: principal, scopes: [] } }),
});

/** A modern request's caller: the principal is in its context. */
const modern = (principal?: string): Caller => ({
  context: {
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    clientInfo: undefined,
    sessionId: 'c1',
    ...(principal === undefined ? {} : { principal }),
  },
  session: undefined,
  inbound: { id: 1, signal: new AbortController().signal },
});

async function list(h: RouteHost, method: string, caller: Caller, cursor?: unknown) {
  const params: JsonObject = cursor === undefined ? {} : { cursor: cursor as string };
  const [event] = await lastValueFrom(
    route(h, { jsonrpc: '2.0', id: 1, method, params }, caller).pipe(toArray()),
  );
  return (event as { result: JsonObject }).result;
}

async function refusal(h: RouteHost, method: string, caller: Caller, cursor: unknown) {
  const error = await list(h, method, caller, cursor).then(
    () => new Error(`${method} accepted the cursor`),
    (e: unknown) => e,
  );
  if (!(error instanceof RpcError)) throw error;
  return error;
}

describe.each([
  ['legacy', legacy],
  ['modern', modern],
])('list cursors of a %s caller', (_era, caller) => {
  it.each(LISTS)('$method: a genuine cursor pages on, to the end', async ({ method, key }) => {
    const h = host();
    const seen: string[] = [];
    let cursor: unknown;
    for (let guard = 0; guard < 10; guard++) {
      const page = await list(h, method, caller('token:alice'), cursor);
      seen.push(...(page[key] as JsonObject[]).map((item) => String(item.name)));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it.each(LISTS)("$method: another principal's cursor is -32602", async ({ method }) => {
    const h = host();
    const { nextCursor } = await list(h, method, caller('token:alice'));
    expect(typeof nextCursor).toBe('string');
    for (const other of [caller('token:bob'), caller()]) {
      const error = await refusal(h, method, other, nextCursor);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/Invalid cursor .*not a cursor issued by this server/);
    }
    // Unauthenticated callers share one principal ('').
    const anonymous = await list(h, method, caller());
    expect((await list(h, method, caller(), anonymous.nextCursor)).nextCursor).toBeDefined();
  });

  it.each(LISTS)('$method: a modified cursor is -32602', async ({ method }) => {
    const h = host();
    const { nextCursor } = await list(h, method, caller('token:alice'));
    const [payload, mac] = String(nextCursor).split('.') as [string, string];
    const position = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    position[1] = 0; // back to the first page, or anywhere else
    const moved = `${Buffer.from(JSON.stringify(position)).toString('base64url')}.${mac}`;
    for (const bad of [moved, `${payload}.${mac.slice(1)}x`, payload, 'garbage', 42]) {
      const error = await refusal(h, method, caller('token:alice'), bad);
      expect(error.code).toBe(-32602);
    }
  });

  it('a tools/list cursor on every other list is -32602 naming tools/list', async () => {
    const h = host();
    const { nextCursor } = await list(h, 'tools/list', caller('token:alice'));
    for (const { method } of LISTS.slice(1)) {
      const error = await refusal(h, method, caller('token:alice'), nextCursor);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/it was issued by tools\/list/);
    }
  });
});
