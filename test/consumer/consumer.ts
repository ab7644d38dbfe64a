/**
 * A library user's file, compiled by test/consumer/consumer.test.ts with `tsc --noEmit
 * --strict` against the package's public types (`index.ts`): every embedding function, no
 * casts. Not run.
 */
import {
  type CallToolResult,
  ConfigError,
  createMemoryPair,
  createRouter,
  MuxMetrics,
  type Principal,
  type Progress,
  type Prompt,
  type RequestEvent,
  type Resource,
  type RouterEvent,
  type RouterObserver,
  type Tool,
} from '../../index.js';

export async function embed(tracer: RouterObserver): Promise<string> {
  const router = createRouter(
    { mcpServers: { everything: { command: 'npx', args: ['-y', 'server-everything'] } } },
    { observer: [new MuxMetrics(), tracer] },
  );
  await router.start();

  const bob: Principal = { id: 'user:bob', subject: 'bob', clientId: 'agent', scopes: ['read'] };
  const [, routerEnd] = createMemoryPair();
  router.connect(routerEnd, { principal: bob, transport: 'memory' });
  router.connect(createMemoryPair()[1], 'stdio');

  const subscription = router.events$.subscribe((event: RouterEvent) => {
    switch (event.type) {
      case 'upstream.state':
        return event.state satisfies string;
      case 'upstream.health':
        return `${event.previous} → ${event.health}`;
      case 'catalog.changed':
        return `${event.upstream} ${event.list}`;
      case 'session.opened':
        return event.principal?.id;
      case 'session.closed':
        return event.reason;
      case 'call.refused':
        return `${event.reason} ${event.code} ${event.name ?? ''}`;
    }
  });

  const tools: Tool[] = router.tools({ principal: bob });
  const prompts: Prompt[] = router.prompts();
  const resources: Resource[] = router.resources({ principal: bob });
  const schema = tools[0]?.inputSchema.properties;

  const abort = new AbortController();
  const result: CallToolResult = await router.callTool(
    'everything__echo',
    { message: 'hi' },
    {
      principal: bob,
      signal: abort.signal,
      timeoutMs: 5_000,
      onProgress: (progress: Progress) => progress.progress / (progress.total ?? 1),
    },
  );
  const text: string | undefined = result.content[0]?.text;

  const events = router.request$('tools/list', {}, { principal: bob, progress: false });
  const first = events.subscribe((event: RequestEvent) =>
    event.kind === 'result' ? event.result : event.params,
  );
  first.unsubscribe();

  try {
    await router.addUpstream('more', {
      command: 'node',
      args: ['server.js'],
      shutdownGraceMs: 500,
    });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => i.path).join();
  }
  const removed: string[] = (await router.removeUpstream('more')).removed;
  await router.reload({ mcpServers: {} });
  await router.reload(router.config);

  subscription.unsubscribe();
  await router.close({ timeoutMs: 5_000 });
  return `${text} ${prompts.length} ${resources.length} ${String(schema)} ${removed.join()}`;
}
