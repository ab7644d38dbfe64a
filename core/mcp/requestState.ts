/**
 * The `requestState` mcp-mux issues when it bridges a legacy upstream's server-to-client
 * requests into a modern `input_required` result (basic/patterns/mrtr, "Server Requirements"):
 * the client echoes it on its retry, so it is attacker-controlled input and is sealed.
 *
 * Format: `mux1.<base64url(JSON claims)>.<base64url(HMAC-SHA256(key, "mux1.<claims>"))>`.
 * The claims bind what the spec asks for: the authenticated principal, a short expiry, and the
 * originating request (method, upstream, a digest of its salient params), plus the held round
 * it resumes and a one-time nonce. A state that fails any check is -32602 with a message that
 * says which check, and never reaches an upstream. Pure: time comes in as `now`.
 *
 * HMAC, not AEAD: the claims hold nothing secret (a round id, a digest, names the client
 * already knows), so integrity is what matters; the held upstream request itself never leaves
 * the instance (actors/router/README.md, "Era bridging").
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, RpcError } from '../errors/index.js';
import type { JsonObject } from '../rpc/index.js';

export const STATE_PREFIX = 'mux1.';

/** The params that are not part of a request's identity on a retry. */
const RETRY_KEYS = new Set(['_meta', 'inputResponses', 'requestState']);

export interface StateClaims {
  /** The held round this state resumes. */
  round: string;
  /** One-time value of this round trip: a second use is a replay. */
  nonce: string;
  /** The principal it was issued to ('' when the transport authenticates nobody). */
  principal: string;
  method: string;
  upstream: string;
  /** `paramsDigest` of the originating request's params. */
  digest: string;
  /** Expiry, in the issuer's clock (ms). */
  expiresAt: number;
  /** The cluster instance that issued it and holds its round (absent: not clustered). */
  instance?: string;
}

/** What the retry must match. */
export interface StateExpectation {
  principal: string;
  method: string;
  upstream: string;
  digest: string;
  now: number;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with object keys sorted at every level, so equal params digest equally. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the request's params without `_meta`, `inputResponses` and `requestState`. */
export function paramsDigest(params: JsonObject | undefined): string {
  const salient: JsonObject = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (!RETRY_KEYS.has(key)) salient[key] = value;
  }
  return createHash('sha256').update(canonical(salient)).digest('base64url');
}

/**
 * The HMAC key: derived from a configured secret (every instance behind a balancer must share
 * it), or 32 random bytes (states then die with the process, as the held requests do anyway).
 */
export function stateKey(secret: string | undefined): Buffer {
  if (secret === undefined || secret === '') return randomBytes(32);
  return createHash('sha256').update(`mcp-mux requestState v1\0${secret}`).digest();
}

export const invalidState = (reason: string, why: string): RpcError =>
  new RpcError(ErrorCode.InvalidParams, `Invalid params: requestState ${why}`, { reason });

export class RequestStateSealer {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
  }

  seal(claims: StateClaims): string {
    const body = `${STATE_PREFIX}${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.#mac(body).toString('base64url')}`;
  }

  /** The claims of a state that passes every check; else -32602 naming the failed check. */
  open(state: unknown, expected: StateExpectation): StateClaims {
    if (typeof state !== 'string' || !state.startsWith(STATE_PREFIX)) {
      throw invalidState('foreign', 'was not issued by mcp-mux');
    }
    const dot = state.lastIndexOf('.');
    const body = state.slice(0, dot);
    // Compared as text: base64 has several spellings of the same bytes, only ours is valid.
    const given = Buffer.from(state.slice(dot + 1));
    const mac = Buffer.from(this.#mac(body).toString('base64url'));
    if (dot <= STATE_PREFIX.length || given.length !== mac.length || !timingSafeEqual(given, mac)) {
      throw invalidState('tampered', 'failed verification (modified, or sealed with another key)');
    }
    const claims = decode(body.slice(STATE_PREFIX.length));
    if (!claims) throw invalidState('tampered', 'is malformed');
    if (claims.expiresAt <= expected.now) {
      throw invalidState('expired', 'has expired: retry the original request from the start');
    }
    if (claims.principal !== expected.principal) {
      throw invalidState('principal', 'was issued to another principal');
    }
    if (
      claims.method !== expected.method ||
      claims.upstream !== expected.upstream ||
      claims.digest !== expected.digest
    ) {
      throw invalidState(
        'request',
        `belongs to another request (it was issued for a ${claims.method} with other params)`,
      );
    }
    return claims;
  }

  #mac(body: string): Buffer {
    return createHmac('sha256', this.#key).update(body).digest();
  }
}

/**
 * The `instance` claim of a state, unverified: where a retry is routed in a cluster. Only the
 * issuing instance (which verifies everything) acts on the state; a forged claim only sends
 * the retry to an instance that refuses it.
 */
export function stateIssuer(state: unknown): string | undefined {
  if (typeof state !== 'string' || !state.startsWith(STATE_PREFIX)) return undefined;
  const claims = decode(state.slice(STATE_PREFIX.length, state.lastIndexOf('.')));
  return typeof claims?.instance === 'string' ? claims.instance : undefined;
}

function decode(text: string): StateClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!isObject(value)) return undefined;
    const strings = ['round', 'nonce', 'principal', 'method', 'upstream', 'digest'] as const;
    if (strings.some((k) => typeof value[k] !== 'string')) return undefined;
    if (typeof value.expiresAt !== 'number') return undefined;
    return value as unknown as StateClaims;
  } catch {
    return undefined;
  }
}

/**
 * Nonces already redeemed, until they expire: a replayed state is refused even after its round
 * has ended. Bounded: past `max` entries the oldest go first (by then the round they named is
 * gone too, so such a replay still fails, with the less precise "unknown round" message).
 */
export class NonceLedger {
  readonly #used = new Map<string, number>();
  readonly #max: number;

  constructor(max = 100_000) {
    this.#max = max;
  }

  /** Records `nonce` as used; false when it already was (a replay). */
  claim(nonce: string, expiresAt: number, now: number): boolean {
    this.#purge(now);
    if (this.#used.has(nonce)) return false;
    this.#used.set(nonce, expiresAt);
    if (this.#used.size > this.#max) {
      const oldest = this.#used.keys().next().value;
      if (oldest !== undefined) this.#used.delete(oldest);
    }
    return true;
  }

  get size(): number {
    return this.#used.size;
  }

  #purge(now: number): void {
    // Insertion order is redemption order, roughly expiry order: stop at the first live one
    // (an expired one behind it goes a little later; `max` bounds the map regardless).
    for (const [nonce, expiresAt] of this.#used) {
      if (expiresAt > now) break;
      this.#used.delete(nonce);
    }
  }
}

/** A fresh random identifier (round ids, nonces). */
export const randomId = (): string => randomBytes(16).toString('base64url');
