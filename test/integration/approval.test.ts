/**
 * Approval before forwarding (`approve`, `approveDestructive`, `approveFallback`,
 * `approveRemember`), through the CLI over stdio, with SDK clients of both eras: a v1 client
 * (legacy: asked with `elicitation/create`) and the v2 client pinned to 2026-07-28 (asked with
 * an `input_required` round, answered by its own `elicitation/create` handler). The upstream
 * counts its calls, so each test checks what reached it.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors/errors.js';
import { type CliClient, cliPath, connectCli, fixture, writeConfig } from './harness.js';
import { type Recorded, record } from './recordTransport.js';
import { expectSchemaValid } from './schema.js';

const textOf = (result: unknown): string =>
  ((result as { content?: { text?: string }[] }).content?.[0]?.text ?? '') as string;

const configWith = (mux: Record<string, unknown> = {}) =>
  writeConfig({
    mcpServers: { g: fixture('guardedServer', { approve: ['write_*'] }) },
    mcpMux: { approveDestructive: true, approveRedact: ['password'], ...mux },
  });

/** A legacy client that answers every approval with `answer.action`, recording the messages. */
function answering(client: Client, answer: { action: string }) {
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(String(request.params.message));
    return { action: answer.action as 'accept' };
  });
  return asked;
}

const callsOf = async (client: Client | ModernClient) =>
  JSON.parse(textOf(await client.callTool({ name: 'g__calls', arguments: {} }))) as Record<
    string,
    number
  >;

let cli: CliClient | undefined;
afterEach(async () => {
  await cli?.close();
  cli = undefined;
});

describe('approval, a legacy client (elicitation/create)', () => {
  it('asks before destructive and listed tools; accept forwards, decline stops the call', async () => {
    cli = await connectCli(configWith(), {
      clientOptions: { capabilities: { elicitation: { form: {} } } },
    });
    const answer = { action: 'decline' };
    const asked = answering(cli.client, answer);
    const read = await cli.client.callTool({ name: 'g__read_note', arguments: {} });
    expect(textOf(read)).toContain('read_note ran');
    expect(asked).toEqual([]);

    const declined = await cli.client.callTool({
      name: 'g__delete_file',
      arguments: { path: '/tmp/x', password: 'hunter2' },
    });
    expect(declined.isError).toBe(true);
    expect(textOf(declined)).toContain('declined by the user');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('g__delete_file');
    expect(asked[0]).toContain('server g');
    expect(asked[0]).toContain('/tmp/x');
    expect(asked[0]).toContain('[redacted]');
    expect(asked[0]).not.toContain('hunter2');

    answer.action = 'cancel';
    const cancelled = await cli.client.callTool({ name: 'g__write_note', arguments: {} });
    expect(textOf(cancelled)).toContain('declined by the user');

    answer.action = 'accept';
    const accepted = await cli.client.callTool({ name: 'g__write_note', arguments: { a: 1 } });
    expect(textOf(accepted)).toBe('write_note ran with {"a":1}');
    expect(asked).toHaveLength(3);
    // Nothing declined reached the upstream.
    expect(await callsOf(cli.client)).toEqual({ read_note: 1, write_note: 1 });
    // The elicitation/create requests are valid in the negotiated revision.
    const version = (cli.wire[0] as { result?: { protocolVersion?: string } }).result
      ?.protocolVersion;
    expect(
      cli.wire.filter((m) => (m as { method?: string }).method === 'elicitation/create'),
    ).toHaveLength(3);
    expectSchemaValid(version as string, cli);
  });

  it('remembers an accepted tool for the session with approveRemember: "session"', async () => {
    cli = await connectCli(configWith({ approveRemember: 'session' }), {
      clientOptions: { capabilities: { elicitation: { form: {} } } },
    });
    const asked = answering(cli.client, { action: 'accept' });
    await cli.client.callTool({ name: 'g__delete_file', arguments: { path: '/a' } });
    await cli.client.callTool({ name: 'g__delete_file', arguments: { path: '/b' } });
    expect(asked).toHaveLength(1);
    expect(await callsOf(cli.client)).toEqual({ delete_file: 2 });
  });

  it('fails closed for a client that cannot elicit, unless approveFallback is "allow"', async () => {
    cli = await connectCli(configWith());
    const refused = cli.client.callTool({ name: 'g__delete_file', arguments: {} });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.ApprovalUnavailable });
    expect(await callsOf(cli.client)).toEqual({});
    await cli.close();

    cli = await connectCli(configWith({ approveFallback: 'allow' }));
    const allowed = await cli.client.callTool({ name: 'g__delete_file', arguments: {} });
    expect(textOf(allowed)).toContain('delete_file ran');
  });
});

describe('approval, a 2026-07-28 client (input_required)', () => {
  it('asks in an input_required round; accept forwards, decline stops the call', async () => {
    const transport = new ModernStdio({
      command: process.execPath,
      args: [cliPath, '--config', configWith()],
      stderr: 'pipe',
    });
    const client = new ModernClient(
      { name: 'approval-test', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { elicitation: { form: {} } },
      },
    );
    const asked: string[] = [];
    let action = 'decline';
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String(request.params.message));
      return { action: action as 'accept' };
    });
    const recorded = record(transport as unknown as Recorded);
    await client.connect(transport);
    try {
      const declined = await client.callTool({
        name: 'g__delete_file',
        arguments: { path: '/m', password: 'p' },
      });
      expect(declined.isError).toBe(true);
      expect(textOf(declined)).toContain('declined by the user');
      expect(asked[0]).toContain('g__delete_file');
      expect(asked[0]).not.toContain('"p"');
      action = 'accept';
      const accepted = await client.callTool({ name: 'g__delete_file', arguments: { path: '/m' } });
      expect(textOf(accepted)).toBe('delete_file ran with {"path":"/m"}');
      expect(asked).toHaveLength(2);
      expect(await callsOf(client)).toEqual({ delete_file: 1 });
      // Each approval was one input_required round; every message is valid 2026-07-28.
      const interim = recorded.wire.filter(
        (m) => (m as { result?: { resultType?: string } }).result?.resultType === 'input_required',
      );
      expect(interim).toHaveLength(2);
      expectSchemaValid('2026-07-28', recorded);
    } finally {
      await client.close();
    }
  });
});
