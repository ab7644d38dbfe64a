/**
 * Prompts and completion through the real CLI: prompts listed with their prefixes and fetched
 * with arguments (server-everything), and `completion/complete` routed by `ref/prompt` (the
 * exposed name rewritten to the upstream's) and by `ref/resource` (a template or a URI).
 */
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, everything, fixturePath, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const surface = (...flags: string[]) => ({
  command: process.execPath,
  args: [fixturePath('surfaceServer'), ...flags],
});

describe('prompts and completion through the CLI', () => {
  let cli: CliClient;

  beforeAll(async () => {
    const config = writeConfig({ mcpServers: { ev: everything(), s: surface() } });
    cli = await connectCli(config);
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('advertises completions and lists the prompts of every upstream with their prefixes', async () => {
    expect(cli.client.getServerCapabilities()?.completions).toEqual({});
    const { prompts } = await cli.client.listPrompts();
    const names = prompts.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ev__simple-prompt',
        'ev__args-prompt',
        'ev__completable-prompt',
        's__greet',
      ]),
    );
    const args = prompts.find((p) => p.name === 'ev__args-prompt');
    expect(args?.arguments?.map((a) => a.name)).toEqual(['city', 'state']);
  });

  it('gets a prompt with arguments from the upstream that has it', async () => {
    const prompt = await cli.client.getPrompt({
      name: 'ev__args-prompt',
      arguments: { city: 'Lyon', state: 'Rhône' },
    });
    expect(JSON.stringify(prompt.messages)).toContain("What's weather in Lyon, Rhône?");
    const greet = await cli.client.getPrompt({ name: 's__greet', arguments: { name: 'Ada' } });
    expect(JSON.stringify(greet.messages)).toContain('Hello Ada');
  });

  it('completes a prompt argument, with context, on the upstream that owns the prompt', async () => {
    const department = await cli.client.complete({
      ref: { type: 'ref/prompt', name: 'ev__completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(department.completion.values).toEqual(['Engineering']);
    const name = await cli.client.complete({
      ref: { type: 'ref/prompt', name: 'ev__completable-prompt' },
      argument: { name: 'name', value: 'A' },
      context: { arguments: { department: 'Engineering' } },
    });
    expect(name.completion.values).toEqual(['Alice']);
  });

  it('rewrites ref.name to the upstream prompt name', async () => {
    const result = await cli.client.complete({
      ref: { type: 'ref/prompt', name: 's__greet' },
      argument: { name: 'name', value: 'Ad' },
    });
    expect(result.completion.values).toEqual(['ref/prompt|greet|name=Ad']);
  });

  it('routes ref/resource by template and by URI', async () => {
    const byTemplate = await cli.client.complete({
      ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      argument: { name: 'resourceId', value: '42' },
    });
    expect(byTemplate.completion.values).toEqual(['42']);
    const surfaceTemplate = await cli.client.complete({
      ref: { type: 'ref/resource', uri: 'surface://note/{name}' },
      argument: { name: 'name', value: 'to' },
    });
    expect(surfaceTemplate.completion.values).toEqual([
      'ref/resource|surface://note/{name}|name=to',
    ]);
    const byUri = await cli.client.complete({
      ref: { type: 'ref/resource', uri: 'surface://item/9' },
      argument: { name: 'id', value: '9' },
    });
    expect(byUri.completion.values).toEqual(['ref/resource|surface://item/9|id=9']);
  });

  it('answers an unknown prompt or resource reference with -32602', async () => {
    for (const ref of [
      { type: 'ref/prompt', name: 'nope__prompt' },
      { type: 'ref/resource', uri: 'nowhere://{x}' },
    ] as const) {
      const error = await cli.client.complete({ ref, argument: { name: 'x', value: '' } }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error?.code).toBe(-32602);
    }
  });

  it('sent only messages valid under 2025-11-25', () => {
    expectSchemaValid('2025-11-25', cli);
  });
});
