/**
 * Tasks through the real CLI (issue 13, item 3): server-everything advertises `tasks` and lists
 * `simulate-research-query` with `execution.taskSupport: "required"`. mcp-mux does not serve
 * tasks, so that tool is not exposed (it could never be called), the facade does not claim
 * the capability, and `tasks/list` is refused with -32601.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, everything, writeConfig } from './harness.js';

describe('tasks (stdio CLI, server-everything)', () => {
  let cli: CliClient;

  beforeAll(async () => {
    cli = await connectCli(writeConfig({ mcpServers: { e: everything() } }));
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('hides the tool that requires a task, keeps the others, and says so on stderr', async () => {
    const tools = (await cli.client.listTools()).tools;
    const names = tools.map((t) => t.name);
    expect(names).toContain('e__echo');
    expect(names).not.toContain('e__simulate-research-query');
    expect(
      tools.every(
        (t) =>
          (t as { execution?: { taskSupport?: string } }).execution?.taskSupport !== 'required',
      ),
    ).toBe(true);
    expect(cli.stderr()).toMatch(/upstream e: 1 tool\(s\) need tasks.*simulate-research-query/);
  });

  it('does not advertise tasks, and answers tasks/list with -32601', async () => {
    expect(cli.client.getServerCapabilities()?.tasks).toBeUndefined();
    const error = await cli.client
      .request({ method: 'tasks/list', params: {} } as never, {} as never)
      .catch((e: unknown) => e as { code: number });
    expect(error).toMatchObject({ code: -32601 });
  });
});
