/**
 * The first route, end to end: an SDK client spawns the real CLI, which routes to two real
 * server-everything upstreams and an SDK fixture that records cancellations.
 */

import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliClient, connectCli, everything, fixture, writeConfig } from './harness.js';
import { expectSchemaValid } from './schema.js';

const textOf = (result: unknown): string =>
  ((result as { content: { type: string; text: string }[] }).content[0]?.text ?? '') as string;

describe('first route through the CLI', () => {
  let cli: CliClient;

  beforeAll(async () => {
    const config = writeConfig({
      mcpServers: { a: everything(), b: everything(), rec: fixture('recordingServer') },
    });
    cli = await connectCli(config);
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('lists the tools of every upstream with their prefixes', async () => {
    const { tools } = await cli.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('a__echo');
    expect(names).toContain('b__echo');
    expect(names).toContain('a__get-sum');
    expect(names).toContain('b__get-sum');
    expect(names).toContain('rec__wait');
    expect(names.filter((n) => n.startsWith('a__')).length).toBe(
      names.filter((n) => n.startsWith('b__')).length,
    );
  });

  it('routes calls to the right upstream with the original name', async () => {
    const echo = await cli.client.callTool({ name: 'a__echo', arguments: { message: 'hello' } });
    expect(textOf(echo)).toBe('Echo: hello');
    const sum = await cli.client.callTool({ name: 'b__get-sum', arguments: { a: 2, b: 40 } });
    expect(textOf(sum)).toContain('42');
  });

  it('delivers every progress notification, in order, before the result', async () => {
    const seen: string[] = [];
    const result = await cli.client.callTool(
      { name: 'a__trigger-long-running-operation', arguments: { duration: 1, steps: 5 } },
      undefined,
      {
        onprogress: (p) => seen.push(`progress ${p.progress}/${p.total}`),
        timeout: 20_000,
      },
    );
    seen.push('result');
    expect(textOf(result)).toContain('Long running operation completed');
    // On the wire: five progress notifications with the client's token, then the result
    // (server-everything's periodic log messages may come in between: they go to the session
    // whose call is in flight, and are not part of this order).
    const tail = (cli.wire as { method?: string }[])
      .filter((m) => m.method !== 'notifications/message')
      .slice(-6) as {
      method?: string;
      params?: { progress?: number };
      result?: unknown;
    }[];
    expect(tail.map((m) => m.method ?? 'result')).toEqual([
      ...Array(5).fill('notifications/progress'),
      'result',
    ]);
    expect(tail.slice(0, 5).map((m) => m.params?.progress)).toEqual([1, 2, 3, 4, 5]);
    // The SDK client dispatches notifications in a microtask but responses at once, so a
    // progress notification read in the same chunk as the result can reach `onprogress` after
    // the request is settled and is dropped by the client (SDK v1 protocol.js
    // `_onnotification`). The wire check above is the router's contract; here the client must
    // see the progress it did get in order, and nothing after the result.
    const progressSeen = seen.slice(0, -1);
    expect(seen.at(-1)).toBe('result');
    expect(progressSeen.length).toBeGreaterThanOrEqual(4);
    expect(progressSeen).toEqual(
      ['progress 1/5', 'progress 2/5', 'progress 3/5', 'progress 4/5', 'progress 5/5'].slice(
        0,
        progressSeen.length,
      ),
    );
  });

  it('forwards cancellation upstream as notifications/cancelled', async () => {
    const controller = new AbortController();
    const call = cli.client.callTool({ name: 'rec__wait', arguments: { ms: 30_000 } }, undefined, {
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort('test cancels');
    await expect(call).rejects.toThrow();
    // The upstream records the cancellation it received; poll briefly (bounded).
    let recorded: { requestId: unknown; reason: unknown }[] = [];
    for (let i = 0; i < 50 && recorded.length === 0; i++) {
      const res = await cli.client.callTool({ name: 'rec__cancellations', arguments: {} });
      recorded = JSON.parse(textOf(res));
      if (recorded.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.requestId).toBeDefined();
  });

  it('does not forward the downstream progress token when no progress is asked', async () => {
    const res = await cli.client.callTool({ name: 'rec__echo-meta', arguments: { x: 1 } });
    const seen = JSON.parse(textOf(res));
    expect(seen.arguments).toEqual({ x: 1 });
    expect(seen.meta?.progressToken).toBeUndefined();
  });

  it('answers an unknown tool with a JSON-RPC error that names it', async () => {
    const error = await cli.client.callTool({ name: 'nope__missing', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain('nope__missing');
  });

  it('logs which upstreams are ready on stderr, never on stdout', () => {
    expect(cli.stderr()).toMatch(/upstream a: ready/);
    expect(cli.stderr()).toMatch(/upstream b: ready/);
  });

  it('sent only messages valid under the negotiated version (2025-11-25)', () => {
    expectSchemaValid('2025-11-25', cli);
  });
});
