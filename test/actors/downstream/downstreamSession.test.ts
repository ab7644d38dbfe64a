/** The downstream session machine alone: what each state allows (its guards) and its context. */

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { downstreamSessionMachine } from '../../../actors/downstream/downstreamSession.js';

const request = (method: string) => ({ type: 'REQUEST', method }) as const;
const initialize = {
  type: 'INITIALIZE',
  protocolVersion: '2025-06-18',
  clientCapabilities: { sampling: {} },
  clientInfo: { name: 'c', version: '1' },
} as const;

function actor() {
  return createActor(downstreamSessionMachine, { input: { sessionId: '1' } }).start();
}

describe('downstream session machine', () => {
  it('before initialize: only ping and initialize are allowed, no notifications', () => {
    const snapshot = actor().getSnapshot();
    expect(snapshot.can(request('ping'))).toBe(true);
    expect(snapshot.can(request('tools/list'))).toBe(false);
    expect(snapshot.can(initialize)).toBe(true);
    expect(snapshot.can({ type: 'NOTIFY' })).toBe(false);
    expect(snapshot.can({ type: 'SET_LOG_LEVEL', level: 'debug' })).toBe(false);
  });

  it('initialize fills the context; a second initialize is not allowed', () => {
    const a = actor();
    a.send(initialize);
    const snapshot = a.getSnapshot();
    expect(snapshot.value).toBe('initializing');
    expect(snapshot.context).toEqual({
      sessionId: '1',
      protocolVersion: '2025-06-18',
      clientCapabilities: { sampling: {} },
      clientInfo: { name: 'c', version: '1' },
    });
    expect(snapshot.can(initialize)).toBe(false);
    expect(snapshot.can(request('tools/list'))).toBe(true);
    expect(snapshot.can({ type: 'NOTIFY' })).toBe(true);
  });

  it('a routed request while initializing readies the session (lenient); ping does not', () => {
    const a = actor();
    a.send(initialize);
    a.send(request('ping'));
    expect(a.getSnapshot().value).toBe('initializing');
    a.send(request('tools/list'));
    expect(a.getSnapshot().value).toBe('ready');
    expect(a.getSnapshot().can(request('initialize'))).toBe(false);
  });

  it('keeps the log level in its context', () => {
    const a = actor();
    a.send(initialize);
    a.send({ type: 'INITIALIZED' });
    a.send({ type: 'SET_LOG_LEVEL', level: 'error' });
    expect(a.getSnapshot().context.logLevel).toBe('error');
  });

  it('CLOSE invokes closeConnection and ends closed; nothing is allowed while closing', async () => {
    let closes = 0;
    let finish: () => void = () => {};
    const machine = downstreamSessionMachine.provide({
      actors: {
        closeConnection: fromPromise(
          () =>
            new Promise<void>((resolve) => {
              closes++;
              finish = resolve;
            }),
        ),
      },
    });
    const a = createActor(machine, { input: { sessionId: '1' } }).start();
    a.send(initialize);
    a.send({ type: 'CLOSE' });
    a.send({ type: 'CLOSE' });
    expect(a.getSnapshot().value).toBe('closing');
    expect(a.getSnapshot().hasTag('open')).toBe(false);
    expect(a.getSnapshot().can(request('ping'))).toBe(false);
    expect(a.getSnapshot().can({ type: 'NOTIFY' })).toBe(false);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(a.getSnapshot().value).toBe('closed');
    expect(a.getSnapshot().status).toBe('done');
    expect(closes).toBe(1);
  });

  it('CLOSED (the transport closed) ends it from any state', () => {
    const a = actor();
    a.send({ type: 'CLOSED' });
    expect(a.getSnapshot().value).toBe('closed');
  });
});
