/**
 * SessionUsage: the routing rule's view of which sessions use which upstreams. Requests in
 * flight come from the in-flight index (here a real `InflightIndex`, the router's), activity
 * from `touch`; moments share one counter.
 */
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SessionUsage } from '../../../actors/bridge/sessionUsage.js';
import type { ClientSession } from '../../../actors/downstream/host.js';
import { InflightIndex } from '../../../actors/router/inflight.js';

const session = () => {
  let close = () => {};
  const closed = new Promise<void>((resolve) => {
    close = resolve;
  });
  return { closed, close } as unknown as ClientSession & { close(): void };
};

function setup() {
  const index: InflightIndex = new InflightIndex({
    now: () => 0,
    moment: () => usage.tick(),
    opened: (r) => r.session && usage.touch(r.session, r.upstream),
  });
  const usage: SessionUsage<ClientSession> = new SessionUsage(index);
  const begin = (s: ClientSession | undefined, upstream: string, id: number) =>
    index
      .track({ session: s, id, method: 'm', upstream, progressToken: undefined }, () => NEVER)
      .subscribe();
  /** A request already sent upstream (its id there is known), of `method` and `tool`. */
  const sent = (
    s: ClientSession | undefined,
    upstream: string,
    id: number,
    method: string,
    tool?: string,
  ) =>
    index
      .track({ session: s, id, method, tool, upstream, progressToken: undefined }, (hooks) => {
        hooks.onSent(100 + id);
        return NEVER;
      })
      .subscribe();
  return { usage, begin, sent, index };
}

describe('SessionUsage', () => {
  it('counts requests in flight per session and upstream from the index, and forgets them when they end', () => {
    const { usage, begin, index } = setup();
    const a = session();
    const a1 = begin(a, 'up', 1);
    const a2 = begin(a, 'up', 2);
    const other = begin(a, 'other', 3);
    expect(index.size).toBe(3);
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 2, relatedRequestId: 2 });
    a2.unsubscribe();
    // The most recent request still in flight is the older one now.
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 1, relatedRequestId: 1 });
    expect(usage.relatedRequestId(a, 'up')).toBe(1);
    a1.unsubscribe();
    other.unsubscribe();
    expect(index.size).toBe(0);
    expect(usage.entries('up')[0]).toMatchObject({ inflight: 0, lastInflight: -1 });
    expect(usage.relatedRequestId(a, 'up')).toBeUndefined();
    expect(usage.upstreamsOf(a).sort()).toEqual(['other', 'up']);
  });

  it('skips session-less (modern) requests: they have no session to route to', () => {
    const { usage, begin } = setup();
    const a = session();
    begin(undefined, 'up', 1);
    begin(a, 'up', 1);
    const [entry, ...rest] = usage.entries('up');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ session: a, inflight: 1 });
  });

  it('orders activity across sessions, roots changes included', () => {
    const { usage, begin } = setup();
    const a = session();
    const b = session();
    begin(a, 'up', 1).unsubscribe();
    begin(b, 'elsewhere', 2).unsubscribe();
    const [ea, eb] = usage.entries('up');
    expect(eb?.lastActive).toBeGreaterThan(ea?.lastActive ?? Infinity);
    usage.touch(a, 'up');
    const [ea2, eb2] = usage.entries('up');
    expect(ea2?.lastActive).toBeGreaterThan(eb2?.lastActive ?? Infinity);
  });

  it('drops a session entirely when it closes', async () => {
    const { usage, begin } = setup();
    const a = session();
    begin(a, 'up', 1).unsubscribe();
    expect(usage.size).toBe(1);
    a.close();
    await a.closed;
    await Promise.resolve();
    expect(usage.size).toBe(0);
  });

  it('names the one tool whose sent calls are the only possible causes of a server request', () => {
    const { usage, begin, sent } = setup();
    const causes = new Set(['tools/call', 'prompts/get', 'resources/read']);
    const a = session();
    const b = session();
    expect(usage.onlyToolInFlight('up', causes)).toBeUndefined();
    const first = sent(a, 'up', 1, 'tools/call', 'ask');
    // Other methods (a list), other upstreams and queued calls cause nothing.
    sent(a, 'up', 2, 'tools/list');
    sent(b, 'other', 3, 'tools/call', 'else');
    begin(b, 'up', 4);
    expect(usage.onlyToolInFlight('up', causes)).toBe('ask');
    // Two calls of the same tool (a modern caller's too): still that tool.
    sent(undefined, 'up', 5, 'tools/call', 'ask');
    expect(usage.onlyToolInFlight('up', causes)).toBe('ask');
    // Another tool, or a prompt, in flight: the cause is ambiguous, nothing is named...
    const other = sent(b, 'up', 6, 'tools/call', 'other');
    expect(usage.onlyToolInFlight('up', causes)).toBeUndefined();
    // ...except on an isolated connection, which is one session's.
    expect(usage.onlyToolInFlight('up', causes, a)).toBe('ask');
    expect(usage.onlyToolInFlight('up', causes, b)).toBe('other');
    other.unsubscribe();
    const prompt = sent(a, 'up', 7, 'prompts/get');
    expect(usage.onlyToolInFlight('up', causes)).toBeUndefined();
    prompt.unsubscribe();
    first.unsubscribe();
    expect(usage.onlyToolInFlight('up', causes, a)).toBeUndefined();
  });
});
