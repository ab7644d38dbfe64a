/**
 * The upstream supervisor machine on virtual time (XState `SimulatedClock`): backoff growth,
 * cap and jitter bounds, the stable period, keepalive failures, giving up, stop.
 */
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  type ActorRefFrom,
  type AnyEventObject,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
  waitFor,
} from 'xstate';
import {
  type SessionInput,
  supervisorMachine,
  supervisorStatus,
} from '../../../actors/upstream/supervisor.js';
import type { upstreamSessionMachine } from '../../../actors/upstream/upstreamSession.js';
import {
  KEEPALIVE_DEFAULTS,
  type KeepalivePolicy,
  RESTART_DEFAULTS,
  type RestartPolicy,
} from '../../../core/config/supervisionConfig.js';
import { Connection } from '../../../core/rpc/connection.js';
import { createMemoryPair } from '../../../transports/memory.js';

interface FakeSession {
  attempt: number;
  startedAt: number;
  stopped: boolean;
  send: (event: AnyEventObject) => void;
}

function harness(
  options: {
    restart?: Partial<RestartPolicy>;
    keepalive?: Partial<KeepalivePolicy>;
    random?: () => number;
    /** What each session does when started. */
    onSession?: (session: FakeSession) => void;
    /** What each ping does: resolve, reject, or hang. */
    ping?: () => Promise<void>;
    /** The session does not react to FAIL. */
    ignoreFail?: boolean;
  } = {},
) {
  const clock = new SimulatedClock();
  const sessions: FakeSession[] = [];
  let pings = 0;
  const machine = supervisorMachine.provide({
    actors: {
      session: fromCallback<EventObject, SessionInput>(({ input, sendBack, receive }) => {
        // Like the real session: FAIL makes it fail with that reason.
        receive((event) => {
          if (event.type === 'FAIL' && !options.ignoreFail) {
            sendBack({ type: 'SESSION_FAILED', reason: (event as AnyEventObject).reason });
          }
        });
        const session: FakeSession = {
          attempt: input.attempt,
          startedAt: clock.now(),
          stopped: false,
          send: sendBack,
        };
        sessions.push(session);
        options.onSession?.(session);
        return () => {
          session.stopped = true;
        };
        // A stand-in for the session machine that speaks the supervisor's events itself.
      }) as unknown as typeof upstreamSessionMachine,
      ping: fromPromise<void, { attempt: number }>(() => {
        pings++;
        return options.ping?.() ?? Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      name: 'u',
      restart: { ...RESTART_DEFAULTS, jitter: 'none', ...options.restart },
      keepalive: { ...KEEPALIVE_DEFAULTS, intervalMs: 0, ...options.keepalive },
      random: options.random ?? Math.random,
      now: () => clock.now(),
    },
  });
  actor.start();
  const status = () => supervisorStatus(actor.getSnapshot());
  return { clock, sessions, actor, status, pings: () => pings };
}

const failAtOnce = (session: FakeSession) =>
  queueMicrotask(() => session.send({ type: 'SESSION_FAILED', reason: 'exited at once' }));

/** Lets microtasks (fake sessions failing, pings settling) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Advances virtual time in small steps, letting microtasks run between them. */
async function advance(clock: SimulatedClock, ms: number, step = 10): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    clock.increment(Math.min(step, ms - done));
    await settle();
  }
}

describe('supervisor backoff on virtual time', () => {
  it('grows the delay by the factor and caps it (no jitter)', async () => {
    const h = harness({
      restart: { initialDelayMs: 100, maxDelayMs: 1000, factor: 2 },
      onSession: failAtOnce,
    });
    await settle();
    await advance(h.clock, 6000);
    const gaps = h.sessions.slice(1).map((s, i) => s.startedAt - (h.sessions[i]?.startedAt ?? 0));
    expect(gaps.slice(0, 7)).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    expect(h.status().health).toBe('down');
    h.actor.stop();
  });

  it('keeps full jitter within [initial, cap(n)]', async () => {
    for (const r of [0, 0.5, 0.999]) {
      const h = harness({
        restart: { initialDelayMs: 100, maxDelayMs: 1000, factor: 2, jitter: 'full' },
        random: () => r,
        onSession: failAtOnce,
      });
      await settle();
      const delays: number[] = [];
      for (let i = 0; i < 8; i++) {
        delays.push(h.status().delayMs ?? -1);
        await advance(h.clock, h.status().delayMs ?? 0, 50);
        await settle();
      }
      delays.forEach((delay, n) => {
        const cap = Math.min(1000, 100 * 2 ** n);
        expect(delay).toBeGreaterThanOrEqual(100);
        expect(delay).toBeLessThanOrEqual(cap);
        expect(delay).toBe(Math.round(100 + r * (cap - 100)));
      });
      h.actor.stop();
    }
  });

  it('keeps decorrelated jitter within [initial, min(max, previous × factor)]', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const h = harness({
      restart: { initialDelayMs: 50, maxDelayMs: 2000, factor: 3, jitter: 'decorrelated' },
      random,
      onSession: failAtOnce,
    });
    await settle();
    let previous = 0;
    for (let i = 0; i < 30; i++) {
      const delay = h.status().delayMs ?? -1;
      expect(delay).toBeGreaterThanOrEqual(50);
      expect(delay).toBeLessThanOrEqual(Math.min(2000, Math.max(50, previous * 3)));
      previous = delay;
      await advance(h.clock, delay, 100);
      await settle();
    }
    h.actor.stop();
  });

  it('restarts only after the delay, and counts restarts', async () => {
    const h = harness({ restart: { initialDelayMs: 1000 }, onSession: failAtOnce });
    await settle();
    expect(h.status()).toMatchObject({ phase: 'backoff', restarts: 1, delayMs: 1000 });
    expect(h.status().restartAt).toBe(h.clock.now() + 1000);
    await advance(h.clock, 990);
    expect(h.sessions).toHaveLength(1);
    await advance(h.clock, 10);
    expect(h.sessions).toHaveLength(2);
    expect(h.sessions[0]?.stopped).toBe(true);
    h.actor.stop();
  });
});

describe('supervisor health', () => {
  it('is down while connecting, degraded after a restart, ready once stable', async () => {
    let attempts = 0;
    const h = harness({
      restart: { initialDelayMs: 100, stableAfterMs: 5000 },
      onSession: (s) => {
        attempts++;
        queueMicrotask(() =>
          s.send(
            attempts === 1 ? { type: 'SESSION_FAILED', reason: 'boom' } : { type: 'SESSION_READY' },
          ),
        );
      },
    });
    expect(h.status().health).toBe('down');
    await settle();
    expect(h.status()).toMatchObject({ health: 'down', phase: 'backoff', lastError: 'boom' });
    await advance(h.clock, 100);
    expect(h.status()).toMatchObject({ health: 'degraded', phase: 'up', restarts: 1 });
    await advance(h.clock, 4990);
    expect(h.status().health).toBe('degraded');
    await advance(h.clock, 10);
    expect(h.status()).toMatchObject({ health: 'ready', restarts: 0, totalRestarts: 1 });
    h.actor.stop();
  });

  it('is ready at once when the first attempt succeeds', async () => {
    const h = harness({ onSession: (s) => s.send({ type: 'SESSION_READY' }) });
    expect(h.status()).toMatchObject({ health: 'ready', phase: 'up', restarts: 0 });
    h.actor.stop();
  });

  it('resets the backoff after a stable period', async () => {
    let fail = true;
    const h = harness({
      restart: { initialDelayMs: 100, maxDelayMs: 10_000, stableAfterMs: 1000 },
      onSession: (s) =>
        queueMicrotask(() =>
          s.send(fail ? { type: 'SESSION_FAILED', reason: 'x' } : { type: 'SESSION_READY' }),
        ),
    });
    await settle();
    await advance(h.clock, 100 + 200 + 400);
    expect(h.status().delayMs).toBe(800);
    fail = false;
    await advance(h.clock, 800);
    expect(h.status().phase).toBe('up');
    await advance(h.clock, 1000);
    expect(h.status().restarts).toBe(0);
    h.sessions.at(-1)?.send({ type: 'SESSION_FAILED', reason: 'later' });
    expect(h.status().delayMs).toBe(100);
    h.actor.stop();
  });

  it('gives up after maxRestarts in a row, and RESTART brings it back', async () => {
    const h = harness({
      restart: { initialDelayMs: 10, maxRestarts: 3 },
      onSession: failAtOnce,
    });
    await settle();
    await advance(h.clock, 1000);
    expect(h.sessions).toHaveLength(4);
    expect(h.status()).toMatchObject({ phase: 'gaveUp', health: 'down', restarts: 3 });
    h.actor.send({ type: 'RESTART', reason: 'config reloaded' });
    expect(h.sessions).toHaveLength(5);
    expect(h.status().restarts).toBe(0);
    h.actor.stop();
  });

  it('stops the running session on STOP and starts no more', async () => {
    const h = harness({ onSession: (s) => s.send({ type: 'SESSION_READY' }) });
    h.actor.send({ type: 'STOP' });
    expect(h.sessions[0]?.stopped).toBe(true);
    expect(h.status().phase).toBe('stopped');
    expect(h.actor.getSnapshot().status).toBe('done');
    await advance(h.clock, 100_000, 10_000);
    expect(h.sessions).toHaveLength(1);
  });
});

describe('supervisor keepalive', () => {
  const ready = (s: FakeSession) => s.send({ type: 'SESSION_READY' });

  it('pings every interval and restarts after N failures in a row', async () => {
    let answer = true;
    const h = harness({
      keepalive: { intervalMs: 1000, timeoutMs: 500, failureThreshold: 3 },
      restart: { initialDelayMs: 100 },
      onSession: ready,
      ping: () => (answer ? Promise.resolve() : Promise.reject(new Error('closed'))),
    });
    await advance(h.clock, 3000, 100);
    expect(h.pings()).toBe(3);
    expect(h.status().health).toBe('ready');
    answer = false;
    await advance(h.clock, 1000, 100);
    expect(h.status()).toMatchObject({ health: 'degraded', keepaliveFailures: 1 });
    await advance(h.clock, 2000, 100);
    expect(h.sessions[0]?.stopped).toBe(true);
    expect(h.status().phase).toBe('backoff');
    expect(h.status().lastError).toContain('3 pings in a row failed');
    h.actor.stop();
  });

  it('counts a ping without an answer within timeoutMs as a failure', async () => {
    const h = harness({
      keepalive: { intervalMs: 1000, timeoutMs: 200, failureThreshold: 2 },
      onSession: ready,
      ping: () => new Promise<void>(() => {}),
    });
    await advance(h.clock, 1200, 50);
    expect(h.status()).toMatchObject({ health: 'degraded', keepaliveFailures: 1 });
    await advance(h.clock, 1200, 50);
    expect(h.status().phase).toBe('backoff');
    expect(h.status().lastError).toContain('no answer within 200ms');
    h.actor.stop();
  });

  it('fails the session itself when it does not answer FAIL', async () => {
    const h = harness({
      keepalive: { intervalMs: 100, timeoutMs: 300, failureThreshold: 1 },
      onSession: ready,
      ignoreFail: true,
      ping: () => Promise.reject(new Error('x')),
    });
    await advance(h.clock, 100, 10);
    expect(h.status().phase).toBe('failing');
    expect(h.status().health).toBe('down');
    await advance(h.clock, 300, 10);
    expect(h.status().phase).toBe('backoff');
    expect(h.sessions[0]?.stopped).toBe(true);
    h.actor.stop();
  });

  it('forgets failures after a successful ping', async () => {
    let n = 0;
    const h = harness({
      keepalive: { intervalMs: 100, timeoutMs: 50, failureThreshold: 2 },
      onSession: ready,
      // fail, succeed, fail, succeed...: never two in a row
      ping: () => (n++ % 2 === 0 ? Promise.reject(new Error('x')) : Promise.resolve()),
    });
    await advance(h.clock, 2000, 25);
    expect(h.pings()).toBeGreaterThan(10);
    expect(h.sessions).toHaveLength(1);
    expect(h.status().phase).toBe('up');
    h.actor.stop();
  });
});

describe('supervisor with the real session machine as its child', () => {
  it('invokes one session machine per attempt: ready → up, its failure → backoff → a new child', async () => {
    const clock = new SimulatedClock();
    const servers: Connection[] = [];
    const machine = supervisorMachine.provide({
      actors: { ping: fromPromise<void, { attempt: number }>(async () => undefined) },
    });
    const actor = createActor(machine, {
      clock,
      input: {
        name: 'u',
        restart: { ...RESTART_DEFAULTS, jitter: 'none', initialDelayMs: 100 },
        keepalive: { ...KEEPALIVE_DEFAULTS, intervalMs: 0 },
        now: () => clock.now(),
        session: {
          name: 'u',
          open: async () => {
            const [client, server] = createMemoryPair();
            servers.push(
              new Connection(server, {
                handlers: {
                  request: () =>
                    of({
                      kind: 'result' as const,
                      result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: {} },
                    }),
                },
              }),
            );
            return new Connection(client);
          },
          clientInfo: { name: 'mcp-mux', version: 'test' },
          capabilities: {},
          protocolVersion: '2025-06-18',
          initializeTimeoutMs: 1_000,
        },
      },
    }).start();
    const child = () =>
      actor.getSnapshot().children.session as
        | ActorRefFrom<typeof upstreamSessionMachine>
        | undefined;
    await waitFor(actor, (s) => supervisorStatus(s).phase === 'up');
    const first = child();
    expect(first?.getSnapshot().value).toBe('ready');
    await servers[0]?.close();
    expect(supervisorStatus(actor.getSnapshot())).toMatchObject({
      phase: 'backoff',
      lastError: 'transport closed: the upstream closed the connection',
    });
    expect(child()).toBeUndefined();
    clock.increment(100);
    await waitFor(actor, (s) => supervisorStatus(s).phase === 'up');
    expect(child()).not.toBe(first);
    expect(servers).toHaveLength(2);
    const second = child();
    actor.send({ type: 'STOP' });
    // Leaving `running` stops the child (the owner's retireSession closes its connection).
    expect(second?.getSnapshot().status).toBe('stopped');
  });
});
