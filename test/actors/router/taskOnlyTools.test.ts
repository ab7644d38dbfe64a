/**
 * An upstream that lists a tool with `execution.taskSupport: "required"` but does not declare
 * `tasks.requests.tools.call` could never run it: the router leaves the tool out (and says so),
 * and the facade does not claim tasks. An SDK Server in-process (fromSdkTransport).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CreateTaskResultSchema,
  GetTaskPayloadRequestSchema,
  GetTaskPayloadResultSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLogger,
  createMemoryPair,
  createRouter,
  fromSdkTransport,
  type Router,
  toSdkTransport,
} from '../../../index.js';

let router: Router | undefined;
afterEach(async () => {
  await router?.close();
});

describe('task-only tools of an upstream without tasks', () => {
  it('are not exposed, and the facade does not advertise tasks', async () => {
    const lines: string[] = [];
    router = createRouter(
      { mcpServers: { up: { command: 'unused' } } },
      {
        log: createLogger({ level: 'info', sink: (line) => lines.push(line) }),
        openTransport: async () => {
          const server = new Server(
            { name: 'no-tasks', version: '1.0.0' },
            { capabilities: { tools: {} } },
          );
          server.setRequestHandler(ListToolsRequestSchema, async () => ({
            tools: [
              { name: 'plain', inputSchema: { type: 'object' as const } },
              {
                name: 'long-job',
                inputSchema: { type: 'object' as const },
                execution: { taskSupport: 'required' as const },
              },
              {
                name: 'maybe',
                inputSchema: { type: 'object' as const },
                execution: { taskSupport: 'optional' as const },
              },
            ],
          }));
          const [routerEnd, serverEnd] = InMemoryTransport.createLinkedPair();
          await server.connect(serverEnd);
          return fromSdkTransport(routerEnd);
        },
      },
    );
    await router.start();
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(toSdkTransport(clientEnd));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['up__plain', 'up__maybe']);
    expect(client.getServerCapabilities()?.tasks).toBeUndefined();
    expect(lines.join('\n')).toMatch(/upstream up: 1 tool\(s\) need tasks.*long-job/);
    await client.close();
  });
});

describe('the tasks capability of the facade', () => {
  it('is advertised to 2025-11-25 clients only (older revisions and 2026-07-28 have no tasks)', async () => {
    router = createRouter(
      { mcpServers: { up: { command: 'unused' } } },
      {
        openTransport: async () => {
          const server = new Server(
            { name: 'tasks', version: '1.0.0' },
            {
              capabilities: {
                tools: {},
                tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
              },
            },
          );
          server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
          const [routerEnd, serverEnd] = InMemoryTransport.createLinkedPair();
          await server.connect(serverEnd);
          return fromSdkTransport(routerEnd);
        },
      },
    );
    await router.start();
    const capabilitiesFor = async (protocolVersion: string) => {
      const [clientEnd, routerEnd] = createMemoryPair();
      router?.connect(routerEnd);
      const answer = new Promise<Record<string, unknown>>((resolve) => {
        clientEnd.messages$.subscribe((m) =>
          resolve((m as { result: Record<string, unknown> }).result),
        );
      });
      clientEnd.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      const result = await answer;
      await clientEnd.close();
      return result.capabilities as Record<string, unknown>;
    };
    expect((await capabilitiesFor('2025-11-25')).tasks).toEqual({
      requests: { tools: { call: {} } },
      list: {},
      cancel: {},
    });
    expect((await capabilitiesFor('2025-06-18')).tasks).toBeUndefined();
  });
});

describe('tasks/result', () => {
  it('is not cut by the idle timeoutMs: it blocks until the task ends', async () => {
    router = createRouter(
      { mcpServers: { up: { command: 'unused', timeoutMs: 100 } } },
      {
        openTransport: async () => {
          const server = new Server(
            { name: 'tasks', version: '1.0.0' },
            { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } } },
          );
          const task = {
            taskId: 't-1',
            status: 'working' as const,
            createdAt: '2025-11-25T00:00:00Z',
            lastUpdatedAt: '2025-11-25T00:00:00Z',
            ttl: 60_000,
          };
          server.setRequestHandler(ListToolsRequestSchema, async () => ({
            tools: [
              {
                name: 'job',
                inputSchema: { type: 'object' as const },
                execution: { taskSupport: 'required' as const },
              },
            ],
          }));
          server.setRequestHandler(CallToolRequestSchema, async () => ({ task }));
          server.setRequestHandler(GetTaskPayloadRequestSchema, async () => {
            await new Promise((resolve) => setTimeout(resolve, 400));
            return { content: [{ type: 'text', text: 'done late' }] };
          });
          const [routerEnd, serverEnd] = InMemoryTransport.createLinkedPair();
          await server.connect(serverEnd);
          return fromSdkTransport(routerEnd);
        },
      },
    );
    await router.start();
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(toSdkTransport(clientEnd));
    const created = await client.request(
      { method: 'tools/call', params: { name: 'up__job', arguments: {}, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    );
    expect(created.task.taskId).toBe('up__t-1');
    const payload = await client.request(
      { method: 'tasks/result', params: { taskId: 'up__t-1' } },
      GetTaskPayloadResultSchema,
    );
    expect(payload.content).toEqual([{ type: 'text', text: 'done late' }]);
    await client.close();
  });
});
