/**
 * Discovery against hostile loopback servers (transports/http/oauth/discovery.ts): what an
 * upstream names is not fetched blindly. `resource_metadata` stays on the upstream's origin
 * unless `metadataOrigins` allows another, redirects do not leave the origin, bodies are capped,
 * and an issuer with a query cannot aim the path-appended discovery URL at any path.
 * The happy paths run in test/integration/oauthUpstream.test.ts and the conformance suite.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { discover, discoverResource } from '../../../../transports/http/oauth/discovery.js';
import {
  type HostileServer,
  type Stream,
  sendJson,
  startHostile,
  streamJson,
} from '../../../fixtures/hostileHttp.js';

const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startHostile>) => {
  const server = await startHostile(...args);
  servers.push(server);
  return server;
};

/** A loopback "admin" server that must never be reached. */
const admin = () => start((_req, res) => sendJson(res, { deleted: true }));

describe('discovery of an upstream', () => {
  it('does not fetch a resource_metadata URL on another origin', async () => {
    const target = await admin();
    const upstream = new URL('http://127.0.0.1:1/mcp');
    await expect(
      discoverResource(upstream, `${target.origin}/admin/delete-everything`),
    ).rejects.toThrow(
      `refusing the protected resource metadata at ${target.origin}: not the upstream's origin http://127.0.0.1:1 (allow it with auth.metadataOrigins)`,
    );
    expect(target.seen).toEqual([]);
  });

  it('fetches it from an origin that metadataOrigins allows', async () => {
    const upstream = new URL('http://127.0.0.1:1/mcp');
    const metadata = await start((_req, res) =>
      sendJson(res, { resource: upstream.href, authorization_servers: ['https://as.example'] }),
    );
    const found = await discoverResource(upstream, `${metadata.origin}/prm`, [metadata.origin]);
    expect(found?.authorization_servers).toEqual(['https://as.example']);
    expect(metadata.seen.map((s) => s.path)).toEqual(['/prm']);
  });

  it('refuses a redirect off the origin, to an IPv4-mapped loopback address or plain HTTP', async () => {
    const target = await admin();
    for (const location of [
      `http://[::ffff:127.0.0.1]:${target.port}/admin`,
      'http://mcp.example.invalid/admin',
    ]) {
      const upstream = await start((_req, res) => res.writeHead(302, { location }).end());
      await expect(discoverResource(new URL(`${upstream.origin}/mcp`), undefined)).rejects.toThrow(
        `refusing the redirect from ${upstream.origin} to ${new URL(location).origin}`,
      );
    }
    expect(target.seen).toEqual([]);
  });

  it('refuses an oversized protected resource metadata document without reading it all', async () => {
    let stream: Stream | undefined;
    const upstream = await start((_req, res) => {
      stream = streamJson(
        res,
        { resource: `http://127.0.0.1:${(res.socket?.localPort ?? 0).toString()}/mcp` },
        32 * 1024 * 1024,
      );
    });
    await expect(discoverResource(new URL(`${upstream.origin}/mcp`), undefined)).rejects.toThrow(
      `the response of ${upstream.origin} is larger than 1048576 bytes; refused`,
    );
    await stream?.done;
    expect(stream?.finished).toBe(false);
  });

  it('refuses oversized authorization server metadata', async () => {
    let stream: Stream | undefined;
    const as = await start((_req, res) => {
      stream = streamJson(res, { issuer: 'x' }, 32 * 1024 * 1024);
    });
    const upstream = await start((req, res) =>
      sendJson(res, {
        resource: `http://${req.headers.host}/mcp`,
        authorization_servers: [as.origin],
      }),
    );
    await expect(discover(new URL(`${upstream.origin}/mcp`), undefined)).rejects.toThrow(
      /is larger than 1048576 bytes; refused/,
    );
    await stream?.done;
    expect(stream?.finished).toBe(false);
  });

  it('refuses an issuer with a query, which would aim discovery at any path', async () => {
    const target = await admin();
    const upstream = await start((req, res) =>
      sendJson(res, {
        resource: `http://${req.headers.host}/mcp`,
        authorization_servers: [`${target.origin}/admin/delete?then=`],
      }),
    );
    await expect(discover(new URL(`${upstream.origin}/mcp`), undefined)).rejects.toThrow(
      `refusing the authorization server ${target.origin}: an issuer has no query or fragment`,
    );
    expect(target.seen).toEqual([]);
  });
});
