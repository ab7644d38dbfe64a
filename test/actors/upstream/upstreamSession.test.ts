/**
 * The upstream session machine against an in-process fake server on a memory pair: the
 * handshake, version checks, failures, and closing.
 */
import { NEVER, of, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { upstreamSessionMachine } from '../../../actors/upstream/upstreamSession.js';
import { Connection, type ConnectionHandlers } from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair } from '../../../transports/memory.js';

interface Fake {
  seen: { method: string; params: JsonObject | undefined }[];
  server: Connection;
}

function start(
  answer: (params: JsonObject | undefined) => JsonObject,
  options: {
    failOpen?: boolean;
    initializeTimeoutMs?: number;
    /** The server never answers (its request Observable never emits nor completes). */
    silent?: boolean;
    /** Where the client connection's time comes from (its request timeouts). */
    scheduler?: VirtualTimeScheduler;
  } = {},
) {
  const fake: Partial<Fake> = { seen: [] };
  const open = async () => {
    if (options.failOpen) throw new Error('spawn ENOENT');
    const [client, server] = createMemoryPair();
    const handlers: ConnectionHandlers = {
      request: (request) => {
        fake.seen?.push({ method: request.method, params: request.params });
        if (options.silent) return NEVER;
        return of({ kind: 'result' as const, result: answer(request.params) });
      },
      notification: (n) => fake.seen?.push({ method: n.method, params: n.params }),
    };
    fake.server = new Connection(server, { handlers });
    return new Connection(client, options.scheduler ? { scheduler: options.scheduler } : {});
  };
  const actor = createActor(upstreamSessionMachine, {
    input: {
      name: 'fake',
      open,
      clientInfo: { name: 'mcp-mux', version: 'test' },
      capabilities: { roots: { listChanged: true } },
      protocolVersion: '2025-11-25',
      initializeTimeoutMs: options.initializeTimeoutMs ?? 1_000,
    },
  }).start();
  return { actor, fake: fake as Fake };
}

const ok =
  (version = '2025-06-18') =>
  () => ({
    protocolVersion: version,
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: 'fake', version: '1' },
    instructions: 'be nice',
  });

describe('upstream session machine', () => {
  it('connects, initializes and reaches ready with the server info', async () => {
    const { actor, fake } = start(ok());
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context.server).toEqual({
      era: 'legacy',
      protocolVersion: '2025-06-18',
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'fake', version: '1' },
      instructions: 'be nice',
    });
    expect(fake.seen.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized']);
    expect(fake.seen[0]?.params).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { roots: { listChanged: true } },
      clientInfo: { name: 'mcp-mux' },
    });
  });

  it('fails when the server answers with a version it does not support', async () => {
    const { actor, fake } = start(ok('1999-01-01'));
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toMatch(/unsupported protocol version "1999-01-01"/);
    expect(fake.seen.map((m) => m.method)).toEqual(['initialize']);
  });

  it('fails with the reason when the transport cannot be opened', async () => {
    const { actor } = start(ok(), { failOpen: true });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe('connect failed: spawn ENOENT');
  });

  it('fails when initialize is never answered, exactly at initializeTimeoutMs (virtual time)', async () => {
    const scheduler = new VirtualTimeScheduler();
    const advanceTo = (to: number) => {
      scheduler.schedule(() => {}, to - scheduler.now());
      scheduler.maxFrames = to;
      scheduler.flush();
    };
    const { actor, fake } = start(ok(), { silent: true, initializeTimeoutMs: 5_000, scheduler });
    await waitFor(actor, (s) => s.matches('initializing'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(fake.seen.map((m) => m.method)).toEqual(['initialize']);
    advanceTo(4_999);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('initializing');
    advanceTo(5_000);
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toMatch(
      /^initialize failed: Request timed out: no progress for 5000 ms/,
    );
  });

  it('moves from ready to failed when the transport closes under it', async () => {
    const { actor, fake } = start(ok());
    await waitFor(actor, (s) => s.matches('ready'));
    await fake.server.close();
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toMatch(/^transport closed/);
  });

  it('closes on CLOSE and ends in closed', async () => {
    const { actor } = start(ok());
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CLOSE' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('closed');
    expect(ready.context.connection?.isClosed).toBe(true);
  });
});
