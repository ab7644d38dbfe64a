/**
 * What a stdio upstream sees of the router's environment: the real CLI
 * with MCP_MUX_TOKENS and another server's secret in its environment, server-everything's
 * `get-env` tool asked through the router by a real SDK client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, everything, writeConfig } from './harness.js';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function envOf(client: Client, tool: string): Promise<Record<string, string>> {
  const result = await client.callTool({ name: tool, arguments: {} });
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0]?.text ?? '{}') as Record<string, string>;
}

describe('stdio upstream environment', () => {
  it('passes a minimal set plus the server env; inheritEnv passes everything', async () => {
    const config = writeConfig({
      mcpServers: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a config `${env:NAME}` reference
        plain: everything({ env: { OWN_SETTING: 'mine', API_KEY: '${env:PLAIN_API_KEY}' } }),
        legacy: everything({ inheritEnv: true }),
      },
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, '--config', config],
      env: {
        ...(process.env as Record<string, string>),
        MCP_MUX_TOKENS: 'router-secret-token',
        OTHER_SERVER_SECRET: 'for-another-server',
        PLAIN_API_KEY: 'plain-key',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'env-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(transport);

    const plain = await envOf(client, 'plain__get-env');
    expect(plain.MCP_MUX_TOKENS).toBeUndefined();
    expect(plain.OTHER_SERVER_SECRET).toBeUndefined();
    expect(plain.PLAIN_API_KEY).toBeUndefined();
    expect(plain.OWN_SETTING).toBe('mine');
    expect(plain.API_KEY).toBe('plain-key');
    expect(plain.PATH).toBe(process.env.PATH);

    const legacy = await envOf(client, 'legacy__get-env');
    expect(legacy.MCP_MUX_TOKENS).toBe('router-secret-token');
    expect(legacy.OTHER_SERVER_SECRET).toBe('for-another-server');
  });
});
