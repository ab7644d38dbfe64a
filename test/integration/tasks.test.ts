/**
 * Tasks through mcp-mux, two SDK clients over Streamable HTTP on one router,
 * a real shared server-everything upstream (it advertises `tasks` and lists
 * `simulate-research-query` with `execution.taskSupport: "required"`, 4 stages of 1 s):
 * the facade advertises tasks, the tool is listed and callable as a task, task ids are
 * namespaced like names and bound to the session that created them, and tasks/get,
 * tasks/result, tasks/list reach the upstream. Another client never sees or uses the task.
 */
import {
  CreateTaskResultSchema,
  GetTaskPayloadResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, textOf } from './clientFeatures.js';
import { everything } from './harness.js';
import {
  connectHttpClient,
  type HttpClient,
  type HttpRouter,
  startHttpRouter,
} from './httpRouter.js';

describe('tasks (shared server-everything, two clients)', () => {
  let mux: HttpRouter;
  let a: HttpClient;
  let b: HttpClient;
  let taskId = '';

  beforeAll(async () => {
    mux = await startHttpRouter({ mcpServers: { e: everything() } });
    a = await connectHttpClient(mux.facade.url, 'A', { elicitation: {} });
    b = await connectHttpClient(mux.facade.url, 'B', { elicitation: {} });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await mux?.close();
  });

  it('advertises tasks and lists the task-only tool', async () => {
    expect(a.client.getServerCapabilities()?.tasks).toMatchObject({
      requests: { tools: { call: {} } },
    });
    const tools = (await a.client.listTools()).tools;
    const research = tools.find((t) => t.name === 'e__simulate-research-query');
    expect(research?.execution).toEqual({ taskSupport: 'required' });
  });

  it('creates a task with a namespaced id and polls it with tasks/get', async () => {
    const created = await a.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'e__simulate-research-query',
          arguments: { topic: 'routers' },
          task: { ttl: 60_000 },
        },
      },
      CreateTaskResultSchema,
    );
    taskId = created.task.taskId;
    expect(taskId).toMatch(/^e__./);
    expect(created.task.status).toBe('working');
    const got = await a.client.request(
      { method: 'tasks/get', params: { taskId } },
      GetTaskResultSchema,
    );
    expect(got.taskId).toBe(taskId);
    expect(['working', 'completed']).toContain(got.status);
  });

  it('keeps the task from another client', async () => {
    const error = await b.client
      .request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema)
      .then(
        () => undefined,
        (e: unknown) => e as { code: number; message: string },
      );
    expect(error?.code).toBe(-32602);
    expect(error?.message).toContain('Unknown task');
    const listedB = await b.client.request(
      { method: 'tasks/list', params: {} },
      ListTasksResultSchema,
    );
    expect(listedB.tasks).toEqual([]);
    const listedA = await a.client.request(
      { method: 'tasks/list', params: {} },
      ListTasksResultSchema,
    );
    expect(listedA.tasks.map((t) => t.taskId)).toEqual([taskId]);
  });

  it('delivers the result with tasks/result, under the exposed id', async () => {
    await eventually(
      async () => {
        const got = await a.client.request(
          { method: 'tasks/get', params: { taskId } },
          GetTaskResultSchema,
        );
        return got.status === 'completed' ? true : undefined;
      },
      { tries: 100, everyMs: 200 },
    );
    const payload = await a.client.request(
      { method: 'tasks/result', params: { taskId } },
      GetTaskPayloadResultSchema,
    );
    expect(textOf(payload)).toContain('routers');
    const related = (payload._meta as Record<string, { taskId?: string }> | undefined)?.[
      'io.modelcontextprotocol/related-task'
    ];
    expect(related?.taskId).toBe(taskId);
  }, 30_000);

  it('sends a task’s elicitation to the session that owns the task, with its exposed id', async () => {
    // Ambiguous: at its third stage the task asks for clarification (input_required), and the
    // question comes through the owner's tasks/result.
    const created = await a.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'e__simulate-research-query',
          arguments: { topic: 'python', ambiguous: true },
          task: { ttl: 60_000 },
        },
      },
      CreateTaskResultSchema,
    );
    const id = created.task.taskId;
    // B is the more recently active session: the question must still go to A.
    await b.client.listTools();
    const payload = await a.client.request(
      { method: 'tasks/result', params: { taskId: id } },
      GetTaskPayloadResultSchema,
    );
    expect(a.seen.elicitations.map((e) => e.message).join()).toContain('python');
    expect(b.seen.elicitations).toEqual([]);
    const asked = a.wire.find((m) => 'method' in m && m.method === 'elicitation/create') as
      | { params: { _meta?: Record<string, { taskId?: string }> } }
      | undefined;
    expect(asked?.params._meta?.['io.modelcontextprotocol/related-task']?.taskId).toBe(id);
    expect(textOf(payload)).toContain('python');
  }, 30_000);
});
