/**
 * `Audience`: who may receive what an upstream sends (`mcpMux.access`), and the paths that ask
 * it — coalesced `list_changed` (`ListChanges`, on virtual time), resource updates
 * (`Subscriptions.deliver`) and log messages (`upstreamNotifications["notifications/message"]`).
 * Alice may use `a` and `b`, Bob only `b`.
 */
import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { Audience } from '../../../actors/router/audience.js';
import { ListChanges } from '../../../actors/router/facade.js';
import { LogLevels } from '../../../actors/router/logLevels.js';
import { Profiles } from '../../../actors/router/profiles.js';
import { Subscriptions } from '../../../actors/router/subscriptions.js';
import {
  type UpstreamInboundHost,
  upstreamNotifications,
} from '../../../actors/router/upstreamInbound.js';
import type { ClientSession } from '../../../actors/routes/index.js';
import type { Principal } from '../../../core/auth/index.js';
import type { AccessRule } from '../../../core/config/index.js';
import { silentLogger } from '../../../core/log/log.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';

const ALICE: Principal = { id: 'token:alice', tokenName: 'alice', scopes: [] };
const BOB: Principal = { id: 'token:bob', tokenName: 'bob', scopes: [] };
const RULES: AccessRule[] = [
  { principals: ['token:alice'], upstreams: ['a', 'b'] },
  { principals: ['token:bob'], upstreams: ['b'] },
];

function receiver(identity: Principal | undefined, logLevel?: 'debug') {
  const seen: { method: string; params: JsonObject | undefined }[] = [];
  return {
    identity,
    context: logLevel === undefined ? {} : { logLevel },
    seen,
    notifyIfReady: (method: string, params?: JsonObject) => seen.push({ method, params }),
  };
}

describe('Audience', () => {
  it('lets everything through without rules, returning the same array (no per-message work)', () => {
    const audience = new Audience(() => undefined);
    const list = [receiver(BOB), receiver(undefined)];
    expect(audience.policy).toBeUndefined();
    expect(audience.only('a', list)).toBe(list);
    expect(audience.mayReceive(list[0] as { identity: Principal }, 'a')).toBe(true);
  });

  it('keeps only the receivers whose principal may use the upstream', () => {
    const audience = new Audience(() => RULES);
    const alice = receiver(ALICE);
    const bob = receiver(BOB);
    const stdio = receiver(undefined);
    expect(audience.only('a', [alice, bob, stdio])).toEqual([alice]);
    expect(audience.only('b', [alice, bob, stdio])).toEqual([alice, bob]);
    expect(audience.mayReceive(bob, 'a')).toBe(false);
  });

  it('compiles once per rules array and follows a reload', () => {
    let rules: AccessRule[] | undefined = RULES;
    const audience = new Audience(() => rules);
    const first = audience.policy;
    expect(audience.policy).toBe(first);
    rules = [{ principals: ['token:bob'] }];
    expect(audience.policy).not.toBe(first);
    expect(audience.mayReceive(receiver(BOB), 'a')).toBe(true);
    rules = undefined;
    expect(audience.policy).toBeUndefined();
  });
});

describe('Audience.sees', () => {
  it("answers for one item by the access rules and by the caller's profile", () => {
    const audience = new Audience(
      () => RULES,
      new Profiles(() => ({ narrow: { upstreams: ['b'], tools: ['b__keep'] } })),
    );
    expect(audience.sees({ identity: ALICE }, 'a', 'tools', 'a__any')).toBe(true);
    expect(audience.sees({ identity: BOB }, 'a', 'tools', 'a__any')).toBe(false);
    expect(audience.sees({ identity: BOB }, 'b', 'tools', 'b__keep')).toBe(true);
    // Within the profile: only its upstreams and its tools, whoever asks.
    expect(audience.sees({ identity: ALICE, profile: 'narrow' }, 'b', 'tools', 'b__keep')).toBe(
      true,
    );
    expect(audience.sees({ identity: ALICE, profile: 'narrow' }, 'b', 'tools', 'b__drop')).toBe(
      false,
    );
    expect(audience.sees({ identity: ALICE, profile: 'narrow' }, 'a', 'tools', 'a__any')).toBe(
      false,
    );
    // A profile that does not exist (any more) sees nothing.
    expect(audience.sees({ identity: ALICE, profile: 'gone' }, 'b', 'tools', 'b__keep')).toBe(
      false,
    );
  });
});

describe('list_changed by the upstreams that caused it', () => {
  const setup = () => {
    const scheduler = new VirtualTimeScheduler();
    const audience = new Audience(() => RULES);
    const alice = receiver(ALICE);
    const bob = receiver(BOB);
    const changes = new ListChanges(
      scheduler,
      () => [alice, bob],
      (r, u) => audience.mayReceive(r, u),
    );
    const methods = (r: ReturnType<typeof receiver>) => r.seen.map((n) => n.method);
    return { scheduler, changes, alice, bob, methods };
  };

  it('announces a change of a denied upstream only to those who may use it', () => {
    const { scheduler, changes, alice, bob, methods } = setup();
    changes.changed('tools', 'a');
    scheduler.flush();
    expect(methods(alice)).toEqual(['notifications/tools/list_changed']);
    expect(methods(bob)).toEqual([]);
  });

  it('announces a coalesced change to whoever may use one of its upstreams', () => {
    const { scheduler, changes, alice, bob, methods } = setup();
    changes.changed('tools', 'a');
    changes.changed('prompts', 'a');
    changes.changed('tools', 'b');
    changes.changed('resourceTemplates', 'a');
    changes.changed('resources', 'b');
    scheduler.flush();
    expect(methods(alice).sort()).toEqual([
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ]);
    expect(methods(bob).sort()).toEqual([
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ]);
  });
});

describe("an upstream's traffic to sessions", () => {
  it('delivers resource updates only to subscribers that may use the upstream', async () => {
    let rules: AccessRule[] | undefined;
    const audience = new Audience(() => rules);
    const table = new Subscriptions({
      send: async () => ({}),
      log: () => silentLogger,
      only: (upstream, subscribers) => audience.only(upstream, subscribers),
    });
    const alice = receiver(ALICE);
    const bob = receiver(BOB);
    await table.subscribe(alice, 'a', 'a://x', 'a://x');
    await table.subscribe(bob, 'a', 'a://x', 'a://x');
    expect(table.deliver('a', { uri: 'a://x' })).toBe(2);
    // A reload takes `a` from Bob: his subscription stays, but nothing of `a` reaches him.
    rules = RULES;
    expect(table.deliver('a', { uri: 'a://x' })).toBe(1);
    expect(alice.seen).toHaveLength(2);
    expect(bob.seen).toHaveLength(1);
  });

  it('sends log messages only to sessions that may use the upstream', () => {
    const audience = new Audience(() => RULES);
    const alice = receiver(ALICE, 'debug');
    const bob = receiver(BOB, 'debug');
    const sessions = [alice, bob] as unknown as ClientSession[];
    const logging = new LogLevels({
      loggingUpstreams: () => [],
      send: async () => ({}),
      log: () => silentLogger,
    });
    let inflight: ClientSession[] = [];
    const host = {
      log: silentLogger,
      sessions,
      logging,
      audience,
      bridge: { logCauses: () => ({ sessions: inflight, modernCallers: 0 }) },
    } as unknown as UpstreamInboundHost;
    const handler = upstreamNotifications['notifications/message'];
    const log = (upstream: string, data: string, session?: ClientSession) =>
      handler?.(
        host,
        upstream,
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } },
        session,
      );
    log('a', 'no caller known'); // to the sessions that set a level: Alice only
    inflight = sessions; // several sessions in flight: the same
    log('a', 'several in flight');
    inflight = [bob as unknown as ClientSession]; // only Bob's call in flight (after a reload)
    log('a', 'bob in flight');
    log('a', 'isolated', bob as unknown as ClientSession); // an isolated connection's own session
    inflight = [];
    log('b', 'of b');
    const data = (r: ReturnType<typeof receiver>) => r.seen.map((n) => n.params?.data);
    expect(data(alice)).toEqual(['no caller known', 'several in flight', 'of b']);
    expect(data(bob)).toEqual(['of b']);
  });
});

describe('Audience with profiles', () => {
  it("keeps a profile's sessions to the upstreams of that profile (access rules still apply)", () => {
    const profiles = new Profiles(() => ({ onlyB: { upstreams: ['b'] } }));
    const audience = new Audience(() => RULES, profiles);
    const aliceInB = { identity: ALICE, profile: 'onlyB' };
    expect(audience.mayReceive(aliceInB, 'a')).toBe(false);
    expect(audience.mayReceive(aliceInB, 'b')).toBe(true);
    expect(audience.mayReceive({ identity: ALICE }, 'a')).toBe(true);
    expect(audience.mayReceive({ identity: BOB, profile: 'onlyB' }, 'b')).toBe(true);
    expect(audience.mayReceive({ identity: BOB, profile: 'gone' }, 'b')).toBe(false);
    const open = new Audience(() => undefined, profiles);
    const receivers = [{ identity: undefined }, { identity: undefined, profile: 'onlyB' }];
    expect(open.only('a', receivers)).toEqual([{ identity: undefined }]);
  });
});
