/**
 * `sessionPlaces` on the listeners: two HTTP facades (two instances), each with its own
 * `ClusterPlaces` over one `MemoryClusterStore`, bound a principal's sessions together:
 * Streamable HTTP sessions and legacy SSE streams opened on one instance count on the other,
 * a DELETE gives the place back, another principal is served, and with the store down each
 * instance applies its own bound with no error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpFacade } from '../../transports/http/httpFacade.js';
import { ClusterPlaces } from '../../transports/http/index.js';
import { switchableClusterStore } from '../fixtures/switchableClusterStore.js';
import { initialize, post, startEchoFacade } from './http/fixtures.js';

const A = { authorization: 'Bearer token-a' };
const B = { authorization: 'Bearer token-b' };

const facades: HttpFacade[] = [];
const places: ClusterPlaces[] = [];
const aborts: AbortController[] = [];
afterEach(async () => {
  for (const abort of aborts.splice(0)) abort.abort();
  await Promise.all(facades.splice(0).map((f) => f.close()));
  for (const p of places.splice(0)) p.close();
});

async function twoInstances(max: number) {
  const store = switchableClusterStore();
  const start = async (instanceId: string) => {
    const sessionPlaces = new ClusterPlaces({ store, instanceId });
    places.push(sessionPlaces);
    const { facade } = await startEchoFacade({
      bearerTokens: ['token-a', 'token-b'],
      maxSessionsPerPrincipal: max,
      sessionPlaces,
    });
    facades.push(facade);
    return facade;
  };
  return { store, one: await start('one'), two: await start('two') };
}

const open = async (facade: HttpFacade, who: Record<string, string>) => {
  const res = await post(facade.url, initialize(), who);
  await res.text();
  return { status: res.status, session: res.headers.get('mcp-session-id') };
};

describe('sessions per principal across instances', () => {
  it('Streamable HTTP: the bound holds across instances; DELETE gives the place back', async () => {
    const { one, two } = await twoInstances(1);
    const first = await open(one, A);
    expect(first.status).toBe(200);
    const refused = await post(two.url, initialize(), A);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: -32000 } });
    expect((await open(two, B)).status).toBe(200);
    const deleted = await fetch(one.url, {
      method: 'DELETE',
      headers: { ...A, 'mcp-session-id': first.session ?? '' },
    });
    expect(deleted.status).toBeLessThan(300);
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      again = (await open(two, A)).status;
      if (again !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(again).toBe(200);
  });

  it('legacy SSE streams count with Streamable HTTP sessions across instances', async () => {
    const { one, two } = await twoInstances(1);
    const abort = new AbortController();
    aborts.push(abort);
    const root = one.url.replace(/\/mcp$/, '');
    const stream = await fetch(`${root}/sse`, {
      headers: { accept: 'text/event-stream', ...A },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect((await post(two.url, initialize(), A)).status).toBe(429);
  });

  it('with the store down each instance applies its own bound, and nobody sees an error', async () => {
    const { store, one, two } = await twoInstances(1);
    store.down = true;
    expect((await open(one, A)).status).toBe(200);
    expect((await open(two, A)).status).toBe(200);
  });
});
