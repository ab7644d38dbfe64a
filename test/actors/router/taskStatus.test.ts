/**
 * `notifications/tasks/status` from an upstream reaches only the session that created the
 * task, with the id that session was given; a status of an unknown task is dropped, and so is
 * one whose owner may not use the upstream (any more) by `mcpMux.access`.
 */
import { describe, expect, it } from 'vitest';
import { Audience } from '../../../actors/router/audience.js';
import {
  type UpstreamInboundHost,
  upstreamNotifications,
} from '../../../actors/router/upstreamInbound.js';
import type { ClientSession } from '../../../actors/routes/index.js';
import type { Principal } from '../../../core/auth/index.js';
import { TaskIds } from '../../../core/catalog/tasks.js';
import type { AccessRule } from '../../../core/config/index.js';
import { silentLogger } from '../../../core/log/log.js';

function session(id: string, identity?: Principal) {
  const seen: { method: string; params: unknown }[] = [];
  const s = {
    id,
    identity,
    notifyIfReady: (method: string, params?: unknown) => seen.push({ method, params }),
  } as unknown as ClientSession;
  return { s, seen };
}

const handler = upstreamNotifications['notifications/tasks/status'];
const status = (taskId: string) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/tasks/status',
  params: { taskId, status: 'completed', createdAt: 'x', lastUpdatedAt: 'y', ttl: 1 },
});

describe('notifications/tasks/status', () => {
  it('goes to the task’s owner only, with the exposed id', () => {
    const tasks = new TaskIds<ClientSession | undefined>('__');
    const a = session('a');
    const b = session('b');
    const exposed = tasks.expose('up', 't-1', a.s);
    const audience = new Audience(() => undefined);
    const host = { tasks, log: silentLogger, audience } as unknown as UpstreamInboundHost;
    handler?.(host, 'up', status('t-1'));
    handler?.(host, 'up', status('t-unknown'));
    handler?.(host, 'other', status('t-1'));
    expect(a.seen).toEqual([
      {
        method: 'notifications/tasks/status',
        params: {
          taskId: exposed,
          status: 'completed',
          createdAt: 'x',
          lastUpdatedAt: 'y',
          ttl: 1,
        },
      },
    ]);
    expect(b.seen).toEqual([]);
    expect(tasks.resolve(exposed, b.s)).toBeUndefined();
    tasks.dropOwner(a.s);
    expect(tasks.size).toBe(0);
  });

  it('is dropped when its owner may not use the upstream by the access rules', () => {
    const tasks = new TaskIds<ClientSession | undefined>('__');
    const bob = session('bob', { id: 'token:bob', tokenName: 'bob', scopes: [] });
    tasks.expose('a', 't-1', bob.s);
    tasks.expose('b', 't-2', bob.s);
    // Bob created a task on `a`, then a reload took `a` from him.
    let rules: AccessRule[] = [{ principals: ['token:bob'] }];
    const audience = new Audience(() => rules);
    const host = { tasks, log: silentLogger, audience } as unknown as UpstreamInboundHost;
    rules = [{ principals: ['token:bob'], upstreams: ['b'] }];
    handler?.(host, 'a', status('t-1'));
    handler?.(host, 'b', status('t-2'));
    expect(bob.seen.map((n) => (n.params as { taskId: string }).taskId)).toEqual(['b__t-2']);
  });
});
