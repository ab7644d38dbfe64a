/**
 * Session modes through the real CLI with two clients on one process: client A on stdio,
 * client B over Streamable HTTP (`--stdio --http 127.0.0.1:0`). The in-process variant with
 * leak checks is sessionModes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_FEATURES, answerServerRequests, type Features, textOf } from './clientFeatures.js';
import { httpUrlOf, WITH_HTTP } from './cliSessions.js';
import { type CliClient, connectCli, everything, fixture, writeConfig } from './harness.js';
import { connectHttpClient, type HttpClient } from './httpRouter.js';

const json = (result: unknown) => JSON.parse(textOf(result));

describe('two clients on the CLI (stdio + Streamable HTTP)', () => {
  let cli: CliClient;
  let a: Features;
  let b: HttpClient;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: {
        a: everything(),
        iso: fixture('sessionServer', { sessionMode: 'isolated' }),
        sh: fixture('sessionServer'),
      },
    });
    cli = await connectCli(config, {
      args: WITH_HTTP,
      clientOptions: { capabilities: ALL_FEATURES },
    });
    a = answerServerRequests(cli.client, 'A', ALL_FEATURES);
    b = await connectHttpClient(httpUrlOf(cli), 'B', { sampling: {} });
  }, 60_000);

  afterAll(async () => {
    await b?.close();
    await cli?.close();
  });

  it('isolated upstream: independent state and the client’s own identity', async () => {
    expect(json(await cli.client.callTool({ name: 'iso__increment' })).counter).toBe(1);
    expect(json(await cli.client.callTool({ name: 'iso__increment' })).counter).toBe(2);
    expect(json(await b.client.callTool({ name: 'iso__increment' })).counter).toBe(1);
    const whoA = json(await cli.client.callTool({ name: 'iso__whoami' }));
    const whoB = json(await b.client.callTool({ name: 'iso__whoami' }));
    expect(whoA.clientInfo).toEqual({ name: 'mcp-mux-test', version: '1.0.0' });
    expect(whoA.capabilities).toEqual(ALL_FEATURES);
    expect(whoB.clientInfo).toEqual({ name: 'client-B', version: '2.0.0' });
    expect(whoB.capabilities).toEqual({ sampling: {} });
  });

  it('shared upstream: each client gets its own sampling request and its own answer', async () => {
    const ra = await cli.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'prompt of A' },
    });
    const rb = await b.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'prompt of B' },
    });
    expect(textOf(ra)).toContain('answer from A');
    expect(textOf(rb)).toContain('answer from B');
    expect(a.seen.sampling.map((s) => s.text).join()).not.toContain('prompt of B');
    expect(b.seen.sampling.map((s) => s.text).join()).not.toContain('prompt of A');
  });

  it('shared upstream: a request the causing client cannot take is refused, never rerouted', async () => {
    // B declared no elicitation: its call makes the upstream ask for a form, which must not go
    // to A (A is the more recently active session and could answer).
    await cli.client.callTool({ name: 'sh__increment' });
    const before = a.seen.elicitations.length;
    const refused = await b.client.callTool({ name: 'sh__form-elicit' }).then(
      () => undefined,
      (error: unknown) => error as { code: number; message: string },
    );
    expect(refused?.code).toBe(-32601);
    expect(refused?.message).toContain('"elicitation" capability');
    expect(a.seen.elicitations.length).toBe(before);
  });

  it('shared upstream: roots/list is answered by mcp-mux (no config roots: none), never by a client', async () => {
    const before = a.seen.rootsRequests;
    await cli.client.callTool({ name: 'sh__increment' });
    const viaB = json(await b.client.callTool({ name: 'sh__roots' }));
    const viaA = json(await cli.client.callTool({ name: 'sh__roots' }));
    expect(viaB.roots).toEqual([]);
    expect(viaA.roots).toEqual([]);
    expect(a.seen.rootsRequests).toBe(before);
  });
});
