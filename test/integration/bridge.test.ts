/**
 * Era bridging with real partners: the official v2 SDK client pinned to 2026-07-28 (which
 * fulfils `input_required` rounds itself, through its request handlers) in front of legacy
 * upstreams that send server-to-client requests: the v1 SDK fixture `askingServer` (form and
 * URL elicitation, sampling, roots; from a tool, a prompt and a resource) and the v2 SDK
 * dual-era fixture served legacy (its legacy shim sends `elicitation/create`), and
 * server-everything (sampling and elicitation from its tools). Over stdio
 * and over the HTTP facade; every message mcp-mux sends is checked against the 2026-07-28
 * schema.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli } from './cliNetwork.js';
import { cliPath, everything, fixture, writeConfig } from './harness.js';
import { type Recorded, record } from './recordTransport.js';
import { expectSchemaValid } from './schema.js';

const VERSION = '2026-07-28';

const config = () =>
  writeConfig({
    mcpServers: {
      ask: fixture('askingServer'),
      modern: fixture('modernServer'),
      ev: everything(),
    },
  });

/** A pinned modern client that answers elicitation, sampling and roots. */
function newClient() {
  const asked: string[] = [];
  const client = new Client(
    { name: 'bridge-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: VERSION } },
      capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(`elicitation/${request.params.mode ?? 'form'}`);
    if (request.params.mode === 'url') return { action: 'accept' };
    const fields = Object.keys(
      (request.params as { requestedSchema?: { properties?: object } }).requestedSchema
        ?.properties ?? {},
    );
    // Our fixtures ask for a name; other forms (server-everything's) are declined.
    return fields.includes('name') && fields.length === 1
      ? { action: 'accept', content: { name: 'octocat' } }
      : { action: 'decline' };
  });
  client.setRequestHandler('sampling/createMessage', async () => {
    asked.push('sampling');
    return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' };
  });
  client.setRequestHandler('roots/list', async () => {
    asked.push('roots');
    return { roots: [{ uri: 'file:///work', name: 'work' }] };
  });
  return { client, asked };
}

const textOf = (result: { content?: unknown }): string =>
  ((result.content as { text?: string }[] | undefined)?.[0]?.text ?? '') as string;

async function exercise(
  client: Client,
  asked: string[],
  recorded: { sent: unknown[]; wire: unknown[] },
) {
  // One round: elicitation + sampling together. The roots/list that follows is answered by
  // mcp-mux from the config (none here): a shared upstream never sees a client's roots.
  const all = await client.callTool({ name: 'ask__ask_all', arguments: {} });
  expect(JSON.parse(textOf(all))).toEqual({
    elicited: { action: 'accept', content: { name: 'octocat' } },
    sampled: { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' },
    roots: { roots: [] },
  });
  expect(asked.splice(0).sort()).toEqual(['elicitation/form', 'sampling']);
  const interim = recorded.wire.filter(
    (m) => (m as { result?: { resultType?: string } }).result?.resultType === 'input_required',
  );
  expect(interim).toHaveLength(1);

  const url = await client.callTool({ name: 'ask__ask_url', arguments: {} });
  expect(textOf(url)).toBe('url: accept');
  expect(asked.splice(0)).toEqual(['elicitation/url']);

  const prompt = await client.getPrompt({ name: 'ask__ask_prompt' });
  expect(JSON.stringify(prompt.messages)).toContain('Hello octocat');
  const read = await client.readResource({ uri: 'ask://who' });
  expect(JSON.stringify(read.contents)).toContain('octocat');
  expect(asked.splice(0)).toEqual(['elicitation/form', 'elicitation/form']);

  // The v2 SDK dual-era server, served legacy: its shim turns its own input_required into an
  // elicitation/create request to mcp-mux, which bridges it back to input_required.
  const elicited = await client.callTool({
    name: 'modern__test_streaming_elicitation',
    arguments: {},
  });
  expect(textOf(elicited)).toBe('answer: {"name":"octocat"}');
  expect(asked.splice(0)).toEqual(['elicitation/form']);

  // server-everything (legacy) samples and elicits from inside its tools (`extra.sendRequest`).
  const everythingSampled = await client.callTool({
    name: 'ev__trigger-sampling-request',
    arguments: { prompt: 'Capital of France?', maxTokens: 20 },
  });
  expect(textOf(everythingSampled)).toContain('Paris');
  const everythingElicited = await client.callTool({
    name: 'ev__trigger-elicitation-request',
    arguments: {},
  });
  expect(JSON.stringify(everythingElicited.content)).toContain('declined');
  expect(asked.splice(0)).toEqual(['sampling', 'elicitation/form']);

  // Every retry carried the state mcp-mux issued, untouched, on a fresh id.
  const retries = recorded.sent.filter(
    (m) => typeof (m as { params?: { requestState?: unknown } }).params?.requestState === 'string',
  ) as { id: unknown; params: { requestState: string } }[];
  expect(retries.length).toBeGreaterThanOrEqual(5);
  for (const retry of retries) expect(retry.params.requestState.startsWith('mux1.')).toBe(true);
  expect(new Set(retries.map((r) => r.id)).size).toBe(retries.length);
  expectSchemaValid(VERSION, recorded);
}

describe('a pinned 2026-07-28 client, legacy upstreams that ask for input (MRTR bridge)', () => {
  it('works over stdio', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, '--config', config()],
      stderr: 'pipe',
    });
    const recorded = record(transport as unknown as Recorded);
    const { client, asked } = newClient();
    await client.connect(transport);
    try {
      await exercise(client, asked, recorded);
    } finally {
      await client.close();
    }
  }, 60_000);

  describe('over the HTTP facade (with a bearer token)', () => {
    let cli: Proc & { listeners: { http?: string } };
    beforeAll(async () => {
      cli = (await startCli(config(), ['--http', '127.0.0.1:0'], {
        MCP_MUX_TOKENS: 'secret-token-1',
      })) as typeof cli;
    }, 30_000);
    afterAll(async () => {
      await cli?.stop();
    });

    it('works, each round on its own POST', async () => {
      const transport = new StreamableHTTPClientTransport(new URL(cli.listeners.http ?? ''), {
        requestInit: { headers: { authorization: 'Bearer secret-token-1' } },
      });
      const recorded = record(transport as unknown as Recorded);
      const { client, asked } = newClient();
      await client.connect(transport);
      try {
        await exercise(client, asked, recorded);
        expect(transport.sessionId).toBeUndefined();
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});

describe('requestState over HTTP with bearer tokens (raw 2026-07-28 POSTs)', () => {
  let cli: Proc & { listeners: { 'http-json'?: string } };
  beforeAll(async () => {
    const file = writeConfig({
      mcpServers: { ask: fixture('askingServer') },
      mcpMux: { inputRequiredTtlMs: 1_000 },
    });
    cli = (await startCli(file, ['--http-json', '127.0.0.1:0'], {
      MCP_MUX_TOKENS: 'token-a,token-b',
    })) as typeof cli;
  }, 30_000);
  afterAll(async () => {
    await cli?.stop();
  });

  let nextId = 1;
  /** One `prompts/get` of `ask__ask_prompt` as `token`, with extra params. */
  const post = async (token: string, extra: Record<string, unknown> = {}) => {
    const response = await fetch(cli.listeners['http-json'] ?? '', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        'mcp-method': 'prompts/get',
        'mcp-name': 'ask__ask_prompt',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: 'prompts/get',
        params: {
          name: 'ask__ask_prompt',
          ...extra,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': VERSION,
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          },
        },
      }),
    });
    return (await response.json()) as {
      result?: {
        resultType: string;
        requestState: string;
        inputRequests: object;
        messages?: unknown;
      };
      error?: { code: number; message: string; data?: { reason?: string } };
    };
  };
  const answer = (interim: { inputRequests: object }) =>
    Object.fromEntries(
      Object.keys(interim.inputRequests).map((k) => [
        k,
        { action: 'accept', content: { name: 'octocat' } },
      ]),
    );

  it('binds the state to the token; refuses tampering and replay; the owner completes once', async () => {
    const first = await post('token-a');
    const interim = first.result;
    if (!interim) throw new Error(JSON.stringify(first));
    expect(interim.resultType).toBe('input_required');
    const retry = (token: string, requestState: string) =>
      post(token, { inputResponses: answer(interim), requestState });
    const foreign = await retry('token-b', interim.requestState);
    expect(foreign.error).toMatchObject({ code: -32602, data: { reason: 'principal' } });
    const tampered = await retry(
      'token-a',
      interim.requestState.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect(tampered.error).toMatchObject({ code: -32602, data: { reason: 'tampered' } });
    const done = await retry('token-a', interim.requestState);
    expect(JSON.stringify(done.result?.messages)).toContain('Hello octocat');
    const replay = await retry('token-a', interim.requestState);
    expect(replay.error).toMatchObject({ code: -32602, data: { reason: 'replayed' } });
  }, 30_000);

  it('expires an unclaimed state, and the held upstream request with it', async () => {
    const first = await post('token-b');
    const interim = first.result;
    if (!interim) throw new Error(JSON.stringify(first));
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    const late = await post('token-b', {
      inputResponses: answer(interim),
      requestState: interim.requestState,
    });
    expect(late.error).toMatchObject({ code: -32602, data: { reason: 'expired' } });
    // The upstream is free again: a new call goes through.
    const again = await post('token-b');
    expect(again.result?.resultType).toBe('input_required');
  }, 30_000);
});
