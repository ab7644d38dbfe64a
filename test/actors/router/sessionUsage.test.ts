import { describe, expect, it } from 'vitest';
import { SessionUsage } from '../../../actors/router/sessionUsage.js';

const session = () => {
  let close = () => {};
  const closed = new Promise<void>((resolve) => {
    close = resolve;
  });
  return { closed, close };
};

describe('SessionUsage', () => {
  it('counts requests in flight per session and upstream, and forgets them when they end', () => {
    const usage = new SessionUsage<ReturnType<typeof session>>();
    const a = session();
    const endA1 = usage.begin(a, 'up', 1);
    const endA2 = usage.begin(a, 'up', 2);
    const endOther = usage.begin(a, 'other', 3);
    expect(usage.inflight).toBe(3);
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 2, relatedRequestId: 2 });
    endA2();
    // The most recent request still in flight is the older one now.
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 1, relatedRequestId: 1 });
    expect(usage.relatedRequestId(a, 'up')).toBe(1);
    endA1();
    endA1(); // idempotent
    endOther();
    expect(usage.inflight).toBe(0);
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 0, lastInflight: -1 });
    expect(usage.upstreamsOf(a).sort()).toEqual(['other', 'up']);
  });

  it('orders activity across sessions, roots changes included', () => {
    const usage = new SessionUsage<ReturnType<typeof session>>();
    const a = session();
    const b = session();
    usage.begin(a, 'up', 1)();
    usage.begin(b, 'elsewhere', 2)();
    const [ea, eb] = usage.entries('up');
    expect(eb?.lastActive).toBeGreaterThan(ea?.lastActive ?? Infinity);
    usage.touch(a, 'up');
    const [ea2, eb2] = usage.entries('up');
    expect(ea2?.lastActive).toBeGreaterThan(eb2?.lastActive ?? Infinity);
  });

  it('drops a session entirely when it closes', async () => {
    const usage = new SessionUsage<ReturnType<typeof session>>();
    const a = session();
    usage.begin(a, 'up', 1);
    expect(usage.size).toBe(1);
    a.close();
    await a.closed;
    await Promise.resolve();
    expect(usage.size).toBe(0);
    expect(usage.inflight).toBe(0);
  });
});
