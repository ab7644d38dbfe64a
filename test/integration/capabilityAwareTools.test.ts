/**
 * Capability-aware tool lists (core/catalog/toolNeeds.ts, `mcpMux.capabilityAwareTools`): in
 * shared mode, once the router has seen a tool ask the client for elicitation and sampling
 * (the `askingServer` fixture's `ask_all`, a real v1-SDK process), a client that did not
 * declare them sees the tool marked (default) or not at all (`hide`) and is told with
 * `tools/list_changed`; a client that declared them sees it unchanged. Also learned on an
 * isolated upstream and from a 2026-07-28 upstream's `input_required`. Legacy clients are
 * official v1 SDK Clients; 2026-07-28 callers are the v2 SDK Client pinned to that version,
 * whose capabilities travel with each request. All in process, on memory pairs.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPair, createRouter, type Router, toSdkTransport } from '../../index.js';
import {
  ALL_FEATURES,
  answerServerRequests,
  type ClientCapabilities,
  eventually,
  textOf,
} from './clientFeatures.js';
import { fixture } from './harness.js';

const MISSING = 'io.github.mcp-mux/missingClientCapabilities';

let router: Router | undefined;
const clients: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await router?.close({ timeoutMs: 5_000 });
  router = undefined;
});

async function startRouter(
  mode?: 'mark' | 'hide' | 'off',
  servers: Record<string, unknown> = { ask: fixture('askingServer') },
): Promise<Router> {
  router = createRouter({
    mcpServers: servers,
    mcpMux: {
      logLevel: 'error',
      shutdownGraceMs: 200,
      ...(mode === undefined ? {} : { capabilityAwareTools: mode }),
    },
  });
  await router.start();
  return router;
}

async function legacyClient(at: Router, name: string, capabilities: ClientCapabilities) {
  const [clientEnd, routerEnd] = createMemoryPair();
  at.connect(routerEnd);
  const client = new Client({ name, version: '1.0.0' }, { capabilities });
  answerServerRequests(client, name, capabilities);
  const changes = { tools: 0 };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes.tools++;
  });
  await client.connect(toSdkTransport(clientEnd));
  clients.push(client);
  return { client, changes };
}

type ModernCapabilities = NonNullable<
  NonNullable<ConstructorParameters<typeof ModernClient>[1]>['capabilities']
>;

async function modernClient(at: Router, capabilities: ModernCapabilities) {
  const [clientEnd, routerEnd] = createMemoryPair();
  at.connect(routerEnd);
  const client = new ModernClient(
    { name: 'modern', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(toSdkTransport(clientEnd) as Parameters<ModernClient['connect']>[0]);
  clients.push(client);
  return client;
}

type Listed = { name: string; _meta?: Record<string, unknown> | undefined };
const toolNamed = (tools: Listed[], name: string) => tools.find((tool) => tool.name === name);
const missingOf = (tool: Listed | undefined) =>
  (tool?._meta?.[MISSING] as string[] | undefined)?.slice().sort();

/** A client with every capability calls `ask__ask_all`: the router sees it elicit and sample. */
async function teach(at: Router): Promise<void> {
  const { client } = await legacyClient(at, 'capable', ALL_FEATURES);
  const result = await client.callTool({ name: 'ask__ask_all' });
  expect(textOf(result)).toContain('answer from capable');
}

describe('capability-aware tool lists (shared mode)', () => {
  it('marks a tool seen to ask for elicitation and sampling, for clients without them', async () => {
    const at = await startRouter();
    const bare = await legacyClient(at, 'bare', {});
    const before = (await bare.client.listTools()).tools;
    // Nothing is known before the tool asks: it is shown as it is.
    expect(missingOf(toolNamed(before, 'ask__ask_all'))).toBeUndefined();
    const formOnly = await legacyClient(at, 'form-only', { elicitation: { form: {} } });

    await teach(at);

    // The bare client is told its list changed, and now sees the mark.
    await eventually(() => (bare.changes.tools > 0 ? true : undefined));
    const after = (await bare.client.listTools()).tools;
    expect(missingOf(toolNamed(after, 'ask__ask_all'))).toEqual(['elicitation', 'sampling']);
    expect(after).toHaveLength(before.length);
    // Only the tool that asked: the others are unchanged.
    expect(toolNamed(after, 'ask__ask_url')).toEqual(toolNamed(before, 'ask__ask_url'));
    // A client with elicitation lacks only sampling.
    const partial = (await formOnly.client.listTools()).tools;
    expect(missingOf(toolNamed(partial, 'ask__ask_all'))).toEqual(['sampling']);
    // A client with both sees the tool as the upstream lists it.
    const capable = await legacyClient(at, 'capable-2', ALL_FEATURES);
    const unchanged = (await capable.client.listTools()).tools;
    expect(toolNamed(unchanged, 'ask__ask_all')).toEqual(toolNamed(before, 'ask__ask_all'));
    // The library's typed view is unaffected (it serves no client capabilities).
    expect(at.tools().map((tool) => tool.name)).toContain('ask__ask_all');
  }, 60_000);

  it('hides it instead with capabilityAwareTools: "hide"', async () => {
    const at = await startRouter('hide');
    const bare = await legacyClient(at, 'bare', {});
    expect((await bare.client.listTools()).tools.map((t) => t.name)).toContain('ask__ask_all');

    await teach(at);

    await eventually(() => (bare.changes.tools > 0 ? true : undefined));
    const names = (await bare.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('ask__ask_all');
    expect(names).toContain('ask__ask_url');
    const capable = await legacyClient(at, 'capable-2', ALL_FEATURES);
    expect((await capable.client.listTools()).tools.map((t) => t.name)).toContain('ask__ask_all');
  }, 60_000);

  it('leaves every tool as it is with capabilityAwareTools: "off"', async () => {
    const at = await startRouter('off');
    await teach(at);
    const bare = await legacyClient(at, 'bare', {});
    const tool = toolNamed((await bare.client.listTools()).tools, 'ask__ask_all');
    expect(tool).toBeDefined();
    expect(missingOf(tool)).toBeUndefined();
  }, 60_000);

  it('learns on an isolated upstream too, where roots/list reaches the client', async () => {
    const at = await startRouter(undefined, {
      ask: fixture('askingServer', { sessionMode: 'isolated' }),
    });
    await teach(at);
    const bare = await legacyClient(at, 'bare', {});
    const tool = toolNamed((await bare.client.listTools()).tools, 'ask__ask_all');
    expect(missingOf(tool)).toEqual(['elicitation', 'roots', 'sampling']);
  }, 60_000);

  it('learns from a 2026-07-28 upstream’s input_required rounds too', async () => {
    // The mrtr fixture asks with input_required (elicitation + sampling, then roots), which
    // the router turns into requests to the legacy session that made the call.
    const at = await startRouter(undefined, { m: fixture('mrtrServer') });
    const { client } = await legacyClient(at, 'capable', ALL_FEATURES);
    const result = await client.callTool({ name: 'm__mrtr' });
    expect(result.isError).not.toBe(true);
    const bare = await legacyClient(at, 'bare', {});
    const tools = (await bare.client.listTools()).tools;
    expect(missingOf(toolNamed(tools, 'm__mrtr'))).toEqual(['elicitation', 'roots', 'sampling']);
    expect(missingOf(toolNamed(tools, 'm__mrtr_url'))).toBeUndefined();
  }, 60_000);

  it('reads a 2026-07-28 caller’s capabilities from each request', async () => {
    const at = await startRouter();
    await teach(at);
    // Without elicitation and sampling in its request: marked.
    const bare = await modernClient(at, {});
    const marked = toolNamed((await bare.listTools()).tools as Listed[], 'ask__ask_all');
    expect(missingOf(marked)).toEqual(['elicitation', 'sampling']);
    // Declaring them (it can then answer input_required rounds): unchanged.
    const capable = await modernClient(at, { elicitation: { form: {} }, sampling: {} });
    const plain = toolNamed((await capable.listTools()).tools as Listed[], 'ask__ask_all');
    expect(plain).toBeDefined();
    expect(missingOf(plain)).toBeUndefined();
  }, 60_000);
});
