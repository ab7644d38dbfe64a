/**
 * `toolOverrides` / `promptOverrides` through the real CLI: a renamed tool is listed under its
 * new (prefixed) name and a call to it reaches the original; a rewritten description and
 * merged annotations are what clients list; a hidden tool is neither listed nor callable (the
 * same "Unknown tool" as a name that never existed); a prompt rename reaches the original.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from './clientFeatures.js';
import { type CliClient, connectCli, everything, fixture, writeConfig } from './harness.js';

describe('overrides through the CLI', () => {
  let cli: CliClient;

  beforeAll(async () => {
    cli = await connectCli(
      writeConfig({
        mcpServers: {
          e: everything({
            toolOverrides: {
              echo: {
                name: 'say',
                description: 'Repeats the message.',
                annotations: { readOnlyHint: true, destructiveHint: false },
              },
              'get-env': { hidden: true },
            },
          }),
          s: fixture('surfaceServer', {
            promptOverrides: { greet: { name: 'hello', title: 'Hello' } },
          }),
        },
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('lists a renamed tool under its new name with the rewritten description and annotations', async () => {
    const { tools } = await cli.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('e__say');
    expect(names).not.toContain('e__echo');
    const say = tools.find((t) => t.name === 'e__say');
    expect(say?.description).toBe('Repeats the message.');
    expect(say?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it('sends a call to the new name to the original tool', async () => {
    const result = await cli.client.callTool({ name: 'e__say', arguments: { message: 'hi' } });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('hi');
  });

  it('hides a hidden tool: not listed, and calling it is an unknown tool', async () => {
    const { tools } = await cli.client.listTools();
    expect(tools.map((t) => t.name)).not.toContain('e__get-env');
    const hidden = await cli.client.callTool({ name: 'e__get-env' }).catch((e: Error) => e);
    const never = await cli.client.callTool({ name: 'e__no-such-tool' }).catch((e: Error) => e);
    expect(String(hidden)).toMatch(/Unknown tool/);
    expect(String(never)).toMatch(/Unknown tool/);
  });

  it('renames a prompt, and getting it reaches the original', async () => {
    const { prompts } = await cli.client.listPrompts();
    const hello = prompts.find((p) => p.name === 's__hello');
    expect(hello?.title).toBe('Hello');
    expect(prompts.map((p) => p.name)).not.toContain('s__greet');
    const got = await cli.client.getPrompt({ name: 's__hello', arguments: { name: 'Ada' } });
    expect(JSON.stringify(got.messages)).toContain('Ada');
  });
});

describe('an override name meeting a name the upstream lists', () => {
  it('is a catalog collision: the first in list order wins, and the log names both items', async () => {
    // server-everything lists `echo` before `get-sum`: renaming `get-sum` to `echo` loses.
    const cli = await connectCli(
      writeConfig({
        mcpServers: { e: everything({ toolOverrides: { echo: { name: 'get-sum' } } }) },
      }),
    );
    try {
      const names = (await cli.client.listTools()).tools.map((t) => t.name);
      expect(names.filter((n) => n === 'e__get-sum')).toHaveLength(1);
      expect(names).not.toContain('e__echo');
      const echoed = await cli.client.callTool({
        name: 'e__get-sum',
        arguments: { message: 'renamed wins' },
      });
      expect(textOf(echoed)).toContain('renamed wins');
      expect(cli.stderr()).toContain(
        'name collision on tools "e__get-sum": e/echo wins, e/get-sum is not exposed',
      );
    } finally {
      await cli.close();
    }
  }, 60_000);
});
