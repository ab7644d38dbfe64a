/**
 * The facade's JWKS fetch is bounded (transports/http/bearerAuth.ts through
 * oauth/boundedFetch.ts): a key set past 1 MiB is refused without being read whole, so tokens
 * it would verify are refused (401), and the same keys in a small set verify.
 */
import type { IncomingMessage } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { BearerAuth } from '../../../transports/http/bearerAuth.js';
import {
  type HostileServer,
  type Stream,
  sendJson,
  startHostile,
  streamJson,
} from '../../fixtures/hostileHttp.js';

const RESOURCE = 'https://mux.example.com/mcp';
const ISSUER = 'https://as.example.com';
const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const request = (token: string) =>
  ({ headers: { host: 'mux.example.com', authorization: `Bearer ${token}` } }) as IncomingMessage;

async function keys() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const token = await new SignJWT({ sub: 'u' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setExpirationTime('5m')
    .sign(privateKey);
  return { jwk, token };
}

const authOf = (jwksUrl: string) =>
  new BearerAuth({ jwt: { issuer: ISSUER, jwksUrl }, resource: RESOURCE }, '/mcp');

describe('BearerAuth JWKS size limit', () => {
  it('refuses a JWKS larger than 1 MiB without reading it whole', async () => {
    const { jwk, token } = await keys();
    let stream: Stream | undefined;
    const server = await startHostile((_req, res) => {
      stream = streamJson(res, { keys: [jwk] }, 200 * 1024 * 1024);
    });
    servers.push(server);
    const result = await authOf(`${server.origin}/jwks`).authenticate(request(token));
    expect('rejection' in result && result.rejection.status).toBe(401);
    await stream?.done;
    expect(stream?.finished).toBe(false);
    expect(stream?.written).toBeLessThan(200 * 1024 * 1024);
  });

  it('verifies with the same keys in a set within the limit', async () => {
    const { jwk, token } = await keys();
    const server = await startHostile((_req, res) => sendJson(res, { keys: [jwk] }));
    servers.push(server);
    const result = await authOf(`${server.origin}/jwks`).authenticate(request(token));
    expect('principal' in result).toBe(true);
  });
});
