import { RpcError } from '../errors/index.js';
import type { JsonObject } from '../rpc/index.js';
export declare const STATE_PREFIX = "mux1.";
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
}
/** What the retry must match. */
export interface StateExpectation {
    principal: string;
    method: string;
    upstream: string;
    digest: string;
    now: number;
}
/** SHA-256 of the request's params without `_meta`, `inputResponses` and `requestState`. */
export declare function paramsDigest(params: JsonObject | undefined): string;
/**
 * The HMAC key: derived from a configured secret (every instance behind a balancer must share
 * it), or 32 random bytes (states then die with the process, as the held requests do anyway).
 */
export declare function stateKey(secret: string | undefined): Buffer;
export declare const invalidState: (reason: string, why: string) => RpcError;
export declare class RequestStateSealer {
    #private;
    constructor(key: Buffer);
    seal(claims: StateClaims): string;
    /** The claims of a state that passes every check; else -32602 naming the failed check. */
    open(state: unknown, expected: StateExpectation): StateClaims;
}
/**
 * Nonces already redeemed, until they expire: a replayed state is refused even after its round
 * has ended. Bounded: past `max` entries the oldest go first (by then the round they named is
 * gone too, so such a replay still fails, with the less precise "unknown round" message).
 */
export declare class NonceLedger {
    #private;
    constructor(max?: number);
    /** Records `nonce` as used; false when it already was (a replay). */
    claim(nonce: string, expiresAt: number, now: number): boolean;
    get size(): number;
}
/** A fresh random identifier (round ids, nonces). */
export declare const randomId: () => string;
