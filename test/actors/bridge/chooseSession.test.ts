import { describe, expect, it } from 'vitest';
import { type Candidate, chooseSession } from '../../../actors/bridge/chooseSession.js';

const gap = { code: -32602, reason: 'no url mode' };
const candidate = (
  session: string,
  standing: Partial<Candidate<string>> = {},
): Candidate<string> => ({
  session,
  inflight: 0,
  lastInflight: -1,
  relatedRequestId: undefined,
  lastActive: -1,
  gap: undefined,
  ...standing,
});

describe('chooseSession (shared upstreams)', () => {
  it('picks the only session with a request in flight, over more recently active ones', () => {
    const choice = chooseSession(
      [
        candidate('a', { inflight: 1, lastInflight: 3, relatedRequestId: 7, lastActive: 3 }),
        candidate('b', { lastActive: 9 }),
      ],
      -32601,
    );
    expect(choice).toEqual({
      kind: 'session',
      session: 'a',
      relatedRequestId: 7,
      why: 'only-inflight',
    });
  });

  it('never falls back to another session when the only in-flight one cannot take it', () => {
    const choice = chooseSession(
      [candidate('a', { inflight: 1, lastInflight: 3, gap }), candidate('b', { lastActive: 9 })],
      -32601,
    );
    expect(choice).toMatchObject({ kind: 'none', code: -32602 });
    expect(choice.kind === 'none' && choice.reason).toContain('no url mode');
  });

  it('with several in flight, picks the most recent one that can take it', () => {
    const sessions = [
      candidate('a', { inflight: 2, lastInflight: 4, relatedRequestId: 'x' }),
      candidate('b', { inflight: 1, lastInflight: 6, relatedRequestId: 'y' }),
      candidate('c', { inflight: 1, lastInflight: 8, gap }),
    ];
    expect(chooseSession(sessions, -32601)).toEqual({
      kind: 'session',
      session: 'b',
      relatedRequestId: 'y',
      why: 'latest-inflight',
    });
  });

  it('with several in flight and none able, answers with their reason', () => {
    const choice = chooseSession(
      [
        candidate('a', { inflight: 1, lastInflight: 1, gap }),
        candidate('b', { inflight: 1, lastInflight: 2, gap }),
      ],
      -32601,
    );
    expect(choice).toMatchObject({ kind: 'none', code: -32602 });
  });

  it('with none in flight, picks the most recently active session that can take it', () => {
    const sessions = [
      candidate('a', { lastActive: 5 }),
      candidate('b', { lastActive: 9, gap }),
      candidate('c', { lastActive: 7 }),
    ];
    expect(chooseSession(sessions, -32601)).toEqual({
      kind: 'session',
      session: 'c',
      relatedRequestId: undefined,
      why: 'latest-active',
    });
  });

  it('with no session at all, answers with the given code', () => {
    expect(chooseSession([], -32601)).toEqual({
      kind: 'none',
      code: -32601,
      reason: 'no client session is active',
    });
  });
});
