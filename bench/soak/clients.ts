/**
 * The soak's clients, every one booked in the ledger: SDK v1 clients over Streamable HTTP for
 * Alice and Bob (log level set, resources subscribed), a v2 SDK client pinned to 2026-07-28
 * for Alice (it fulfils bridged `input_required` rounds through its elicitation handler), and
 * an SDK v1 client over stdio of a second mcp-mux process.
 */
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { muxBinPath } from '../paths.js';
import type { Ledger, WireTransport } from './ledger.js';
import { ALICE_TOKEN, BOB_TOKEN, DENIED_TO_BOB } from './setup.js';

/** Beyond every router deadline: a request still unanswered then is lost, not slow. */
export const LOST_AFTER_MS = 45_000;

export type Principal = 'alice' | 'bob' | 'stdio';

export interface SoakClient {
  name: string;
  principal: Principal;
  modern: boolean;
  /** A tools/call; resolves with `ok` or the error's code (never rejects). */
  call: (
    name: string,
    args: Record<string, unknown>,
    options?: { progress?: boolean; signal?: AbortSignal },
  ) => Promise<Outcome>;
  close: () => Promise<void>;
}

/** `ok`, a JSON-RPC error code, `cancelled` (by the soak), or a local failure's kind. */
export type Outcome = 'ok' | 'cancelled' | string;

/** The outcome of a rejected call: the JSON-RPC code when there is one. */
export function outcomeOf(error: unknown, signal?: AbortSignal): Outcome {
  if (signal?.aborted) return 'cancelled';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number') return String(code);
  // A failed HTTP exchange (fetch's TypeError) says why in its cause: ECONNRESET, "other side closed"…
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return `local:${(error as Error).name ?? 'Error'}(${String(why).slice(0, 40)})`;
}

const TOKENS = { alice: ALICE_TOKEN, bob: BOB_TOKEN };

async function subscribeAll(client: Client): Promise<void> {
  const { resources } = await client.listResources();
  // Only the surface fixtures' items: `ask://who` elicits and its upstream cannot subscribe.
  for (const resource of resources) {
    if (resource.uri.includes('://item/')) await client.subscribeResource({ uri: resource.uri });
  }
}

/** A legacy session over Streamable HTTP for `principal`. */
export async function httpClient(
  ledger: Ledger,
  url: string,
  principal: 'alice' | 'bob',
  index: number,
): Promise<SoakClient> {
  const name = `${principal}-http-${index}`;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${TOKENS[principal]}` } },
  });
  ledger.watch(
    name,
    transport as unknown as WireTransport,
    principal === 'bob' ? DENIED_TO_BOB : [],
  );
  const client = new Client({ name, version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(transport);
  await client.setLoggingLevel('debug');
  await subscribeAll(client);
  return legacyClient(name, principal, client, async () => {
    await transport.terminateSession().catch(() => {});
  });
}

/** A legacy session over stdio of a second router (no principal: it is the local user). */
export async function stdioClient(
  ledger: Ledger,
  configFile: string,
): Promise<SoakClient & { pid: () => number | undefined }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [muxBinPath, '--config', configFile],
    stderr: 'ignore',
  });
  ledger.watch('stdio', transport as unknown as WireTransport);
  const client = new Client({ name: 'stdio', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(transport);
  await client.setLoggingLevel('debug');
  await subscribeAll(client);
  return {
    ...legacyClient('stdio', 'stdio', client, async () => {}),
    pid: () => transport.pid ?? undefined,
  };
}

function legacyClient(
  name: string,
  principal: Principal,
  client: Client,
  beforeClose: () => Promise<void>,
): SoakClient {
  return {
    name,
    principal,
    modern: false,
    call: async (tool, args, options = {}) => {
      try {
        await client.callTool({ name: tool, arguments: args }, undefined, {
          timeout: LOST_AFTER_MS,
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.progress ? { onprogress: () => {} } : {}),
        });
        return 'ok';
      } catch (error) {
        return outcomeOf(error, options.signal);
      }
    },
    close: async () => {
      await beforeClose();
      await client.close().catch(() => {});
    },
  };
}

/** Alice's 2026-07-28 client over HTTP; it accepts every elicitation (URL mode). */
export async function modernClient(ledger: Ledger, url: string): Promise<SoakClient> {
  const name = 'alice-modern';
  const transport = new ModernHttp(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${ALICE_TOKEN}` } },
  });
  ledger.watch(name, transport as unknown as WireTransport);
  const client = new ModernClient(
    { name, version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      capabilities: { elicitation: { form: {}, url: {} } },
    },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept' as const }));
  await client.connect(transport);
  return {
    name,
    principal: 'alice',
    modern: true,
    call: async (tool, args, options = {}) => {
      try {
        await client.callTool(
          { name: tool, arguments: args },
          {
            timeout: LOST_AFTER_MS,
            ...(options.signal ? { signal: options.signal } : {}),
            ...(options.progress ? { onprogress: () => {} } : {}),
          },
        );
        return 'ok';
      } catch (error) {
        return outcomeOf(error, options.signal);
      }
    },
    close: async () => {
      await client.close().catch(() => {});
    },
  };
}
