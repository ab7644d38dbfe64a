/**
 * Era bridging, MRTR upstream → legacy client, with real processes: the official v1 SDK client
 * (2025-11-25, handlers for elicitation, sampling and roots) through the mcp-mux CLI, over stdio
 * and over the HTTP facade, in front of `mrtrServer` (a stdio upstream answering
 * `input_required` rounds; it stands in for a 2026-07-28 upstream, which mcp-mux does not yet
 * connect to natively). The client sees ordinary server-to-client requests and one result.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli } from './cliNetwork.js';
import { connectCli, fixture, writeConfig } from './harness.js';

const config = () => writeConfig({ mcpServers: { up: fixture('mrtrServer') } });

function withHandlers(client: Client): string[] {
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(`elicitation/${request.params.mode ?? 'form'}`);
    return request.params.mode === 'url'
      ? { action: 'accept' }
      : { action: 'accept', content: { name: 'octocat' } };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async () => {
    asked.push('sampling');
    return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test-model' };
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    asked.push('roots');
    return { roots: [{ uri: 'file:///work', name: 'work' }] };
  });
  return asked;
}

const CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

async function exercise(client: Client, asked: string[]) {
  const progress: number[] = [];
  const result = await client.callTool({ name: 'up__mrtr', arguments: {} }, undefined, {
    onprogress: (p) => progress.push(p.progress),
  });
  const text = (result.content as { text: string }[])[0]?.text ?? '';
  // The final round's inputResponses: the roots answer.
  expect(JSON.parse(text)).toEqual({ where: { roots: [{ uri: 'file:///work', name: 'work' }] } });
  expect(asked.splice(0).sort()).toEqual(['elicitation/form', 'roots', 'sampling']);
  // Progress of every round reaches the client. The last one races the result inside the v1
  // SDK client when both arrive in one read (it drops progress after the response), so only
  // the rounds before the last are asserted exactly.
  expect(progress.slice(0, 2)).toEqual([1, 2]);
  const url = await client.callTool({ name: 'up__mrtr_url', arguments: {} });
  expect(JSON.stringify(url.content)).toContain('accept');
  expect(asked.splice(0)).toEqual(['elicitation/url']);
}

describe('an MRTR upstream and a legacy v1 SDK client through mcp-mux', () => {
  it('works over stdio: input_required rounds become requests to the client', async () => {
    const cli = await connectCli(config(), {
      clientOptions: { capabilities: CAPABILITIES },
    });
    const asked = withHandlers(cli.client);
    try {
      await exercise(cli.client, asked);
      // What the client saw: requests from the router, never an input_required result.
      expect(JSON.stringify(cli.wire)).not.toContain('input_required');
    } finally {
      await cli.close();
    }
  }, 60_000);

  it('a client without the capability gets -32021', async () => {
    const cli = await connectCli(config(), {
      clientOptions: { capabilities: { elicitation: { form: {} } } },
    });
    try {
      const error = await cli.client
        .callTool({ name: 'up__mrtr', arguments: {} })
        .catch((e: unknown) => e as { code: number });
      expect(error).toMatchObject({ code: -32021 });
    } finally {
      await cli.close();
    }
  }, 60_000);

  describe('over the HTTP facade', () => {
    let cli: Proc & { listeners: { http?: string } };
    beforeAll(async () => {
      cli = (await startCli(config(), ['--http', '127.0.0.1:0'])) as typeof cli;
    }, 30_000);
    afterAll(async () => {
      await cli?.stop();
    });

    it('works: the requests go on the call’s stream', async () => {
      const client = new Client(
        { name: 'legacy-http', version: '1.0.0' },
        { capabilities: CAPABILITIES },
      );
      const asked = withHandlers(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(cli.listeners.http ?? '')));
      try {
        await exercise(client, asked);
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});
