/**
 * `LogLevels`: the level asked of shared upstreams (the most verbose any session wants, asked
 * only on change), per-session filtering, logger naming, and failures.
 */
import { describe, expect, it } from 'vitest';
import { LogLevels, type LogSession, logRecipients } from '../../../actors/router/logLevels.js';
import { ErrorCode, RpcError } from '../../../core/errors/errors.js';
import { createLogger, silentLogger } from '../../../core/log/log.js';
import type { LoggingLevel } from '../../../core/mcp/logLevel.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

function session(level?: LoggingLevel) {
  const received: JsonObject[] = [];
  const s: LogSession & { received: JsonObject[]; context: { logLevel?: LoggingLevel } } = {
    context: level === undefined ? {} : { logLevel: level },
    received,
    notifyIfReady: (_method, params) => {
      received.push(params ?? {});
    },
  };
  return s;
}

function setup(options: { fail?: (upstream: string) => Error | undefined } = {}) {
  const upstreams = ['a', 'b'];
  const sent: string[] = [];
  const lines: string[] = [];
  const levels = new LogLevels({
    loggingUpstreams: () => upstreams,
    send: async (upstream, level) => {
      sent.push(`${upstream}:${level}`);
      const error = options.fail?.(upstream);
      if (error) throw error;
      return {};
    },
    log: () => createLogger({ level: 'debug', sink: (line) => lines.push(line) }),
  });
  return { levels, upstreams, sent, lines };
}

describe('LogLevels', () => {
  it('wants info by default, and the most verbose level any session set', () => {
    const { levels } = setup();
    expect(levels.wanted()).toBe('info');
    void levels.opened(session('error'));
    expect(levels.wanted()).toBe('error');
    const plain = session();
    void levels.opened(plain);
    expect(levels.wanted()).toBe('info');
    const loud = session('debug');
    void levels.opened(loud);
    expect(levels.wanted()).toBe('debug');
    // Closing the sessions that wanted more brings the level back down.
    void levels.closed(loud);
    expect(levels.wanted()).toBe('info');
    void levels.closed(plain);
    expect(levels.wanted()).toBe('error');
    // A session closed twice, or never opened, changes nothing.
    void levels.closed(plain);
    void levels.closed(session('debug'));
    expect(levels.wanted()).toBe('error');
  });

  it('asks each logging upstream only when the wanted level changes', async () => {
    const { levels, sent } = setup();
    const a = session('warning');
    await levels.opened(a);
    await levels.sync();
    expect(sent).toEqual(['a:warning', 'b:warning']);
    await levels.opened(session('critical'));
    expect(sent).toHaveLength(2);
    a.context.logLevel = 'debug';
    await levels.levelSet(a);
    expect(sent).toEqual(['a:warning', 'b:warning', 'a:debug', 'b:debug']);
    expect(levels.askedOf('a')).toBe('debug');
  });

  it('walks the upstreams only when the wanted level or an upstream changed', async () => {
    let walks = 0;
    const levels = new LogLevels({
      loggingUpstreams: () => {
        walks++;
        return ['a'];
      },
      send: async () => ({}),
      log: () => silentLogger,
    });
    await levels.opened(session());
    expect(walks).toBe(1);
    // Sessions at the default level come and go (every stateless request is one): no walk.
    for (let i = 0; i < 5; i++) {
      const s = session();
      await levels.opened(s);
      await levels.closed(s);
    }
    expect(walks).toBe(1);
    await levels.opened(session('debug'));
    expect(walks).toBe(2);
    levels.upstreamState('b', 'connecting');
    await levels.sync();
    expect(walks).toBe(3);
  });

  it('asks a reconnected upstream again', async () => {
    const { levels, sent } = setup();
    await levels.opened(session('notice'));
    levels.upstreamState('a', 'failed');
    levels.upstreamState('a', 'ready');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['a:notice', 'b:notice', 'a:notice']);
  });

  it('forgets a failed ask (retried at the next sync), warning unless the upstream is just gone', async () => {
    let broken: Error | undefined = new Error('boom');
    const { levels, sent, lines } = setup({
      fail: (u) => (u === 'a' ? broken : undefined),
    });
    await levels.opened(session('error'));
    expect(levels.askedOf('a')).toBeUndefined();
    expect(lines.some((l) => l.includes('warn') && l.includes('boom'))).toBe(true);
    broken = new RpcError(ErrorCode.UpstreamUnavailable, 'gone');
    await levels.sync();
    expect(lines.filter((l) => l.includes('gone')).every((l) => l.includes('debug'))).toBe(true);
    broken = undefined;
    await levels.sync();
    expect(sent).toEqual(['a:error', 'b:error', 'a:error', 'a:error']);
    expect(levels.askedOf('a')).toBe('error');
  });

  it('delivers a message to each session whose level admits it, naming the upstream', () => {
    const { levels } = setup();
    const debug = session('debug');
    const byDefault = session();
    const severe = session('critical');
    const all = [debug, byDefault, severe];
    expect(levels.deliver('a', { level: 'debug', data: 1 }, all)).toBe(1);
    expect(levels.deliver('a', { level: 'notice', logger: 'db', data: 2 }, all)).toBe(2);
    expect(levels.deliver('a', { level: 'alert', data: 3 }, all)).toBe(3);
    expect(debug.received).toEqual([
      { level: 'debug', logger: 'a', data: 1 },
      { level: 'notice', logger: 'a/db', data: 2 },
      { level: 'alert', logger: 'a', data: 3 },
    ]);
    expect(byDefault.received.map((m) => m.data)).toEqual([2, 3]);
    expect(severe.received.map((m) => m.data)).toEqual([3]);
  });

  it('routes a shared upstream message to the one session with requests in flight there', () => {
    const { levels } = setup();
    const caller = session(); // never set a level: the default (info) applies
    const watcher = session('debug');
    const quiet = session();
    const all = [caller, watcher, quiet];
    const to = logRecipients([caller], all);
    expect(to).toEqual([caller]);
    expect(levels.deliver('a', { level: 'info', data: 1 }, to)).toBe(1);
    expect(levels.deliver('a', { level: 'debug', data: 2 }, to)).toBe(0); // its level still holds
    expect(caller.received.map((m) => m.data)).toEqual([1]);
    expect(watcher.received).toEqual([]);
    expect(quiet.received).toEqual([]);
  });

  it('otherwise routes it only to sessions that set a level, each at its own level', () => {
    const { levels } = setup();
    const a = session();
    const b = session();
    const debug = session('debug');
    const severe = session('error');
    const all = [a, b, debug, severe];
    // Nobody in flight, then two sessions in flight (the cause cannot be told apart).
    for (const inflight of [[], [a, b]]) {
      expect(logRecipients(inflight, all)).toEqual([debug, severe]);
    }
    // One session in flight, but a session-less (modern) caller too: the cause is unknown.
    expect(logRecipients([a], all, 1)).toEqual([debug, severe]);
    expect(levels.deliver('a', { level: 'warning', data: 1 }, logRecipients([], all))).toBe(1);
    expect(levels.deliver('a', { level: 'error', data: 2 }, logRecipients([a, b], all))).toBe(2);
    expect(a.received).toEqual([]);
    expect(b.received).toEqual([]);
    expect(debug.received.map((m) => m.data)).toEqual([1, 2]);
    expect(severe.received.map((m) => m.data)).toEqual([2]);
  });

  it('drops a message with an unknown level', () => {
    const { levels } = setup();
    const s = session('debug');
    expect(levels.deliver('a', { level: 'loud', data: 1 }, [s])).toBe(0);
    expect(s.received).toEqual([]);
  });
});
