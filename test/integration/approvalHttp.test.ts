/**
 * Approval of 2026-07-28 calls over the HTTP facade with bearer tokens (raw POSTs, one JSON body
 * each): the approval's `requestState` is bound to the principal it was issued to, so another
 * token cannot redeem it, and nothing reaches the upstream until the right one does. The audit
 * line names the principal.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors/errors.js';
import { type Proc, startCli } from './cliNetwork.js';
import { fixture, writeConfig } from './harness.js';

const VERSION = '2026-07-28';
const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-0123456789ab';
const TOOL = 'g__delete_file';

let cli: (Proc & { listeners: { 'http-json'?: string } }) | undefined;
let file = '';

beforeAll(async () => {
  file = join(mkdtempSync(join(tmpdir(), 'mcp-mux-approval-')), 'audit.jsonl');
  const config = writeConfig({
    mcpServers: { g: fixture('guardedServer') },
    mcpMux: {
      approveDestructive: true,
      auth: { tokens: { alice: ALICE, bob: BOB } },
      audit: { file },
    },
  });
  cli = await startCli(config, ['--http-json', '127.0.0.1:0']);
}, 30_000);

afterAll(async () => {
  await cli?.stop();
});

type Answer = {
  result?: { resultType?: string; requestState?: string; content?: { text?: string }[] };
  error?: { code: number; data?: { reason?: string } };
};

async function call(token: string, id: number, params: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(cli?.listeners['http-json'] as string, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': TOOL,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: {
        name: TOOL,
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    }),
  });
  return (await res.json()) as Answer;
}

describe('approval over HTTP, two principals', () => {
  it('binds the approval to its principal; only the right one runs the call', async () => {
    const args = { arguments: { path: '/p' } };
    const first = await call(ALICE, 1, args);
    expect(first.result?.resultType).toBe('input_required');
    const retry = {
      ...args,
      inputResponses: { approval: { action: 'accept', content: {} } },
      requestState: first.result?.requestState,
    };
    const stolen = await call(BOB, 2, retry);
    expect(stolen.error?.code).toBe(ErrorCode.InvalidParams);
    expect(stolen.error?.data?.reason).toBe('principal');
    const ran = await call(ALICE, 3, retry);
    expect(ran.result?.content?.[0]?.text).toBe('delete_file ran with {"path":"/p"}');
    const replayed = await call(ALICE, 4, retry);
    expect(replayed.error?.data?.reason).toBe('replayed');

    const deadline = Date.now() + 5_000;
    while (!existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    let lines: Record<string, unknown>[] = [];
    while (lines.length < 1 && Date.now() < deadline) {
      lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      if (lines.length < 1) await new Promise((r) => setTimeout(r, 20));
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ exposed: TOOL, approval: 'accepted', outcome: 'ok' });
    expect(String(lines[0]?.principal)).toContain('alice');
  });
});
