/**
 * `notifications/tasks/status` from an upstream reaches only the session that created the
 * task, with the id that session was given; a status of an unknown task is dropped.
 */
import { describe, expect, it } from 'vitest';
import {
  type UpstreamInboundHost,
  upstreamNotifications,
} from '../../../actors/router/upstreamInbound.js';
import type { ClientSession } from '../../../actors/routes/index.js';
import { TaskIds } from '../../../core/catalog/tasks.js';
import { silentLogger } from '../../../core/log/log.js';

function session(id: string) {
  const seen: { method: string; params: unknown }[] = [];
  const s = {
    id,
    notifyIfReady: (method: string, params?: unknown) => seen.push({ method, params }),
  } as unknown as ClientSession;
  return { s, seen };
}

describe('notifications/tasks/status', () => {
  it('goes to the task’s owner only, with the exposed id', () => {
    const tasks = new TaskIds<ClientSession | undefined>('__');
    const a = session('a');
    const b = session('b');
    const exposed = tasks.expose('up', 't-1', a.s);
    const host = { tasks, log: silentLogger } as unknown as UpstreamInboundHost;
    const handler = upstreamNotifications['notifications/tasks/status'];
    const status = (taskId: string) => ({
      jsonrpc: '2.0' as const,
      method: 'notifications/tasks/status',
      params: { taskId, status: 'completed', createdAt: 'x', lastUpdatedAt: 'y', ttl: 1 },
    });
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
});
