/**
 * A real client: the MCP Inspector's CLI mode (`@modelcontextprotocol/inspector` 2.x,
 * `--cli`) lists and calls tools, prompts and resources through the built mcp-mux, over stdio
 * (the inspector spawns the CLI) and over Streamable HTTP (`--http`). The upstream is the
 * dual-era v2-SDK fixture (test/fixtures/dualEraEverything.ts) over stdio, namespaced `up`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli } from './cliNetwork.js';
import { cliPath, fixture, root, writeConfig } from './harness.js';

const run = promisify(execFile);
const inspector = join(
  root,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const config = writeConfig({ mcpServers: { up: fixture('dualEraEverything') } });

/** Where the inspector connects: options before the method's (`--server-url`), or the
 *  command to spawn after `--` (last, since the method's arguments are variadic). */
type Target = () => { front: string[]; back: string[] };

/** One inspector CLI invocation; its stdout is the method's result as JSON. */
async function inspect(
  target: { front: string[]; back: string[] },
  args: string[],
): Promise<Record<string, unknown>> {
  const argv = [inspector, '--cli', ...target.front, ...args, ...target.back];
  const { stdout } = await run(process.execPath, argv, {
    timeout: 60_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const names = (items: unknown): string[] =>
  (items as { name?: string; uri?: string; uriTemplate?: string }[]).map(
    (i) => i.name ?? i.uri ?? i.uriTemplate ?? '',
  );

function surface(label: string, target: Target): void {
  describe(`the Inspector CLI through mcp-mux over ${label}`, () => {
    it('lists and calls tools', async () => {
      const listed = await inspect(target(), ['--method', 'tools/list']);
      expect(names(listed.tools)).toEqual(
        expect.arrayContaining(['up__test_simple_text', 'up__json_schema_2020_12_tool']),
      );
      const called = await inspect(target(), [
        '--method',
        'tools/call',
        '--tool-name',
        'up__json_schema_2020_12_tool',
        '--tool-arg',
        'name=Ada',
      ]);
      expect(called.content).toEqual([{ type: 'text', text: JSON.stringify({ name: 'Ada' }) }]);
    });

    it('lists and gets prompts', async () => {
      const listed = await inspect(target(), ['--method', 'prompts/list']);
      expect(names(listed.prompts)).toContain('up__test_prompt_with_arguments');
      const got = await inspect(target(), [
        '--method',
        'prompts/get',
        '--prompt-name',
        'up__test_prompt_with_arguments',
        '--prompt-args',
        'arg1=a',
        'arg2=b',
      ]);
      expect(got.messages).toEqual([
        {
          role: 'user',
          content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" },
        },
      ]);
    });

    it('lists and reads resources and templates', async () => {
      const listed = await inspect(target(), ['--method', 'resources/list']);
      expect(names(listed.resources)).toContain('static-text');
      const templates = await inspect(target(), ['--method', 'resources/templates/list']);
      expect(names(templates.resourceTemplates)).toContain('template-data');
      const read = await inspect(target(), [
        '--method',
        'resources/read',
        '--uri',
        'test://static-text',
      ]);
      expect(read.contents).toEqual([
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ]);
    });
  });
}

surface('stdio', () => ({
  front: [],
  back: ['--', process.execPath, cliPath, '--config', config],
}));

let http: (Proc & { listeners: { http?: string } }) | undefined;
beforeAll(async () => {
  http = await startCli(config, ['--http', '127.0.0.1:0']);
}, 30_000);
afterAll(async () => {
  await http?.stop();
});
surface('Streamable HTTP', () => ({
  front: ['--transport', 'http', '--server-url', http?.listeners.http ?? ''],
  back: [],
}));
