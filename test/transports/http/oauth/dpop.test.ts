/** DPoP proofs of resource requests (transports/http/oauth/dpop.ts), verified with jose. */
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { Dpop, retryOnNonce } from '../../../../transports/http/oauth/dpop.js';

async function verify(proof: string) {
  const header = decodeProtectedHeader(proof);
  const key = await importJWK(header.jwk as JWK, 'ES256');
  const { payload } = await jwtVerify(proof, key, { typ: 'dpop+jwt' });
  return { header, payload };
}

describe('Dpop', () => {
  it('signs a proof with its public key in the header, bound to method, URL and token', async () => {
    const dpop = new Dpop();
    const proof = await dpop.proof('POST', new URL('https://api.example/mcp?x=1#f'), 'token-1');
    const { header, payload } = await verify(proof);
    expect(header.alg).toBe('ES256');
    expect((header.jwk as JWK).d).toBeUndefined(); // never the private part
    expect(payload).toMatchObject({
      htm: 'POST',
      htu: 'https://api.example/mcp',
      ath: createHash('sha256').update('token-1').digest('base64url'),
    });
    expect(payload.nonce).toBeUndefined();
    expect(typeof payload.jti).toBe('string');
    expect(typeof payload.iat).toBe('number');
  });

  it('uses one key for the process, a fresh jti per proof, and the resource nonce once set', async () => {
    const dpop = new Dpop();
    const url = new URL('https://api.example/mcp');
    const first = await verify(await dpop.proof('GET', url, 't'));
    dpop.resourceNonce = 'n-1';
    const second = await verify(await dpop.proof('GET', url, 't'));
    expect(second.header.jwk).toEqual(first.header.jwk);
    expect(second.payload.jti).not.toBe(first.payload.jti);
    expect(second.payload.nonce).toBe('n-1');
  });
});

describe('retryOnNonce', () => {
  it('runs once when it succeeds or DPoP is off, and rethrows other errors without a retry', async () => {
    let runs = 0;
    expect(await retryOnNonce(undefined, async () => ++runs)).toBe(1);
    const failing = async () => {
      runs++;
      throw new Error('invalid_grant');
    };
    runs = 0;
    await expect(retryOnNonce(new Dpop(), failing)).rejects.toThrow('invalid_grant');
    expect(runs).toBe(1);
  });
});
