/** The sealed `requestState` of era bridging: every check, on explicit time. */
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../core/errors/errors.js';
import {
  NonceLedger,
  paramsDigest,
  RequestStateSealer,
  type StateClaims,
  stateIssuer,
  stateKey,
} from '../../../core/mcp/requestState.js';

const params = { name: 'ask', arguments: { city: 'Paris', n: 1 } };
const claims: StateClaims = {
  round: 'r1',
  nonce: 'n1',
  principal: 'token:abc',
  method: 'tools/call',
  upstream: 'up',
  digest: paramsDigest(params),
  expiresAt: 10_000,
};
const expected = {
  principal: 'token:abc',
  method: 'tools/call',
  upstream: 'up',
  digest: claims.digest,
  now: 5_000,
};

const refusal = (f: () => unknown): RpcError => {
  try {
    f();
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('requestState', () => {
  const sealer = new RequestStateSealer(stateKey('s'.repeat(32)));
  const state = sealer.seal(claims);

  it('opens what it sealed', () => {
    expect(state.startsWith('mux1.')).toBe(true);
    expect(sealer.open(state, expected)).toEqual(claims);
  });

  it('names its issuing instance when clustered (read unverified, for routing only)', () => {
    const clustered = sealer.seal({ ...claims, instance: 'mux-a' });
    expect(stateIssuer(clustered)).toBe('mux-a');
    expect(sealer.open(clustered, expected).instance).toBe('mux-a');
    expect(stateIssuer(state)).toBeUndefined();
    for (const junk of [undefined, 42, 'mux1.', 'mux1.@@.x', 'other.e30.x']) {
      expect(stateIssuer(junk)).toBeUndefined();
    }
  });

  it('digests params without _meta, inputResponses and requestState, key order aside', () => {
    const retry = {
      arguments: { n: 1, city: 'Paris' },
      name: 'ask',
      _meta: { progressToken: 7 },
      inputResponses: { a: {} },
      requestState: state,
    };
    expect(paramsDigest(retry)).toBe(claims.digest);
    expect(paramsDigest({ ...params, arguments: { city: 'Lyon', n: 1 } })).not.toBe(claims.digest);
  });

  it('refuses each failed check with -32602 and a reason', () => {
    const cases: [unknown, Partial<typeof expected>, string, string][] = [
      [42, {}, 'foreign', 'not issued by mcp-mux'],
      ['eyJhIjoxfQ', {}, 'foreign', 'not issued by mcp-mux'],
      [`${state}x`, {}, 'tampered', 'failed verification'],
      ['mux1.', {}, 'tampered', 'failed verification'],
      [
        new RequestStateSealer(stateKey('t'.repeat(32))).seal(claims),
        {},
        'tampered',
        'another key',
      ],
      [state, { now: 10_000 }, 'expired', 'has expired'],
      [state, { principal: 'token:other' }, 'principal', 'another principal'],
      [state, { principal: '' }, 'principal', 'another principal'],
      [state, { method: 'prompts/get' }, 'request', 'another request'],
      [state, { upstream: 'other' }, 'request', 'another request'],
      [state, { digest: paramsDigest({ name: 'x' }) }, 'request', 'another request'],
    ];
    for (const [value, change, reason, message] of cases) {
      const error = refusal(() => sealer.open(value, { ...expected, ...change }));
      expect(error.code, reason).toBe(-32602);
      expect(error.data).toEqual({ reason });
      expect(error.message).toContain(message);
    }
  });

  it('another spelling of the same MAC bytes (base64 padding bits) fails verification', () => {
    const last = state.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string; // differs in a padding bit
    const respelled = `${state.slice(0, -1)}${twin}`;
    expect(refusal(() => sealer.open(respelled, expected)).data).toEqual({ reason: 'tampered' });
  });

  it('a changed claim with the old MAC fails verification', () => {
    const dot = state.lastIndexOf('.');
    const body = JSON.parse(Buffer.from(state.slice(5, dot), 'base64url').toString());
    const forged = `mux1.${Buffer.from(JSON.stringify({ ...body, principal: 'token:other' })).toString('base64url')}${state.slice(dot)}`;
    expect(
      refusal(() => sealer.open(forged, { ...expected, principal: 'token:other' })).data,
    ).toEqual({
      reason: 'tampered',
    });
  });

  it('a random key differs per process; a configured one is stable', () => {
    expect(stateKey(undefined).equals(stateKey(undefined))).toBe(false);
    expect(stateKey('k'.repeat(32)).equals(stateKey('k'.repeat(32)))).toBe(true);
  });
});

describe('NonceLedger', () => {
  it('refuses a second use until the nonce expires, and forgets expired ones', () => {
    const ledger = new NonceLedger();
    expect(ledger.claim('a', 100, 0)).toBe(true);
    expect(ledger.claim('a', 100, 50)).toBe(false);
    expect(ledger.claim('b', 150, 60)).toBe(true);
    expect(ledger.size).toBe(2);
    expect(ledger.claim('c', 300, 120)).toBe(true); // purges a
    expect(ledger.size).toBe(2);
  });

  it('is bounded', () => {
    const ledger = new NonceLedger(3);
    for (let i = 0; i < 10; i++) ledger.claim(`n${i}`, 1_000, 0);
    expect(ledger.size).toBe(3);
  });
});
