/**
 * Server-initiated requests through the real CLI (stdio, one client session): sampling, form
 * and URL elicitation, roots (answered by mcp-mux for shared upstreams), the elicitation completion
 * notification and URLElicitationRequiredError, against real server-everything upstreams and
 * the session fixture. Clients declare the capabilities and answer with the SDK.
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FEATURES,
  answerServerRequests,
  eventually,
  type Features,
  textOf,
} from './clientFeatures.js';
import { type CliClient, connectCli, everything, fixture, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const config = () =>
  writeConfig({
    mcpServers: {
      a: everything(),
      s: fixture('sessionServer'),
      t: fixture('sessionServer'),
    },
  });

const failureOf = (promise: Promise<unknown>): Promise<McpError> =>
  promise.then(
    () => {
      throw new Error('expected a JSON-RPC error');
    },
    (error: unknown) => error as McpError,
  );

describe('server-initiated requests reach the client (stdio CLI, all features)', () => {
  let cli: CliClient;
  let features: Features;

  beforeAll(async () => {
    cli = await connectCli(config(), { clientOptions: { capabilities: ALL_FEATURES } });
    features = answerServerRequests(cli.client, 'A', ALL_FEATURES);
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('declares sampling, elicitation (form + url) and roots to the upstreams', async () => {
    const names = (await cli.client.listTools()).tools.map((t) => t.name);
    // server-everything registers these only for a client that declared the capability.
    expect(names).toEqual(
      expect.arrayContaining([
        'a__trigger-sampling-request',
        'a__trigger-elicitation-request',
        'a__trigger-url-elicitation',
        'a__get-roots-list',
      ]),
    );
    const who = JSON.parse(textOf(await cli.client.callTool({ name: 's__whoami' })));
    expect(who.capabilities).toEqual({
      sampling: {},
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
    });
    expect(who.clientInfo.name).toBe('mcp-mux');
  });

  it('routes sampling/createMessage to the client and its answer back', async () => {
    const result = await cli.client.callTool({
      name: 'a__trigger-sampling-request',
      arguments: { prompt: 'what is 2+2', maxTokens: 5 },
    });
    expect(features.seen.sampling.at(-1)?.text).toContain('what is 2+2');
    expect(textOf(result)).toContain('answer from A');
    expect(textOf(result)).toContain('model-A');
  });

  it('routes a form-mode elicitation and the accepted content back', async () => {
    const result = await cli.client.callTool({ name: 'a__trigger-elicitation-request' });
    expect(features.seen.elicitations.at(-1)?.mode).toBe('form');
    expect(textOf(result)).toContain('name-A');
    expect(textOf(result)).toContain('A@example.com');
  });

  it('routes a URL-mode elicitation with its elicitationId and url', async () => {
    const result = await cli.client.callTool({
      name: 'a__trigger-url-elicitation',
      arguments: { url: 'https://example.com/flow', elicitationId: 'el-url-1' },
    });
    expect(features.seen.elicitations.at(-1)).toMatchObject({
      mode: 'url',
      elicitationId: 'el-url-1',
      url: 'https://example.com/flow',
    });
    expect(textOf(result)).toContain('User completed the URL elicitation flow');
  });

  it('passes notifications/elicitation/complete to the session that saw the elicitation', async () => {
    await cli.client.callTool({ name: 's__url-elicit', arguments: { elicitationId: 'el-2' } });
    await eventually(() => (features.seen.completed.includes('el-2') ? true : undefined));
  });

  it('passes URLElicitationRequiredError (-32042) through with its data intact', async () => {
    const error = await failureOf(
      cli.client.callTool({ name: 's__require-url', arguments: { elicitationId: 'el-3' } }),
    );
    expect(error.code).toBe(-32042);
    expect(error.data).toEqual({
      elicitations: [
        {
          mode: 'url',
          elicitationId: 'el-3',
          url: 'https://example.com/authorize',
          message: 'Authorization is required',
        },
      ],
    });
    // Its completion notification follows the elicitation id to this session.
    await eventually(() => (features.seen.completed.includes('el-3') ? true : undefined));
    // server-everything's error path too.
    const other = await failureOf(
      cli.client.callTool({
        name: 'a__trigger-url-elicitation',
        arguments: { url: 'https://example.com/x', errorPath: true },
      }),
    );
    expect(other.code).toBe(-32042);
    const [first] = (other.data as { elicitations: Record<string, unknown>[] }).elicitations;
    expect(first).toMatchObject({ mode: 'url', url: 'https://modelcontextprotocol.io' });
    expect(typeof first?.elicitationId).toBe('string');
  });

  it('answers a shared upstream’s roots/list itself, and keeps the client’s roots changes from it', async () => {
    const before = await cli.client.callTool({ name: 'a__get-roots-list' });
    expect(textOf(before)).not.toContain('file:///work/A');
    const viaFixture = JSON.parse(textOf(await cli.client.callTool({ name: 's__roots' })));
    expect(viaFixture.roots).toEqual([]);
    expect(features.seen.rootsRequests).toBe(0);

    features.roots = [{ uri: 'file:///work/changed', name: 'changed' }];
    await cli.client.sendRootsListChanged();
    // A shared upstream never hears one client's roots change.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const n = JSON.parse(textOf(await cli.client.callTool({ name: 's__roots-changes' })));
    expect(n.rootsChanges).toBe(0);
    const after = textOf(await cli.client.callTool({ name: 'a__get-roots-list' }));
    expect(after).not.toContain('file:///work/changed');
    expect(features.seen.rootsRequests).toBe(0);
  });

  it('sends only schema-valid messages to the client', () => {
    expectSchemaValid('2025-11-25', cli);
  });
});

describe('server-initiated requests a client did not declare', () => {
  it('refuses URL mode to a client with form-only elicitation, and sampling without the capability', async () => {
    const capabilities = { elicitation: { form: {} } };
    const cli = await connectCli(config(), { clientOptions: { capabilities } });
    try {
      const features = answerServerRequests(cli.client, 'B', capabilities);
      const url = await cli.client.callTool({
        name: 'a__trigger-url-elicitation',
        arguments: { url: 'https://example.com/flow' },
      });
      // The router answered the upstream with -32602 and the reason; server-everything turns
      // the failure of its tool into an error result.
      expect(url.isError).toBe(true);
      expect(textOf(url)).toContain('-32602');
      expect(textOf(url)).toContain('url-mode elicitation');
      expect(features.seen.elicitations).toEqual([]);
      expect(cli.wire.some((m) => 'method' in m && m.method === 'elicitation/create')).toBe(false);

      const form = await cli.client.callTool({ name: 'a__trigger-elicitation-request' });
      expect(textOf(form)).toContain('name-B');

      const sampling = await cli.client.callTool({
        name: 'a__trigger-sampling-request',
        arguments: { prompt: 'hello' },
      });
      expect(sampling.isError).toBe(true);
      expect(textOf(sampling)).toContain('-32601');
      expect(textOf(sampling)).toContain('"sampling" capability');
    } finally {
      await cli.close();
    }
  }, 60_000);

  it('treats a 2025-06-18 client with elicitation: {} as form only', async () => {
    const capabilities = { elicitation: {} };
    const cli = await connectCli(config(), {
      clientOptions: { capabilities },
      protocolVersion: '2025-06-18',
    });
    try {
      const features = answerServerRequests(cli.client, 'C', capabilities);
      // (server-everything's form uses 2025-11-25 schema shapes: a shared upstream speaks the
      // router's version and its payloads pass through untouched, so the fixture's form here.)
      const form = await cli.client.callTool({ name: 's__form-elicit' });
      expect(JSON.parse(textOf(form))).toMatchObject({
        action: 'accept',
        content: { name: 'name-C' },
      });
      // The fixture's tool fails with the router's error (code and reason kept).
      const url = await failureOf(
        cli.client.callTool({ name: 's__url-elicit', arguments: { elicitationId: 'el-4' } }),
      );
      expect(url.code).toBe(-32602);
      expect(url.message).toContain('url-mode elicitation');
      expect(url.message).toContain('2025-06-18');
      expect(features.seen.elicitations.map((e) => e.mode)).toEqual(['form']);
      expectSchemaValid('2025-06-18', cli);
    } finally {
      await cli.close();
    }
  }, 60_000);
});
