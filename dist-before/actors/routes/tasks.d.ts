import type { InboundEvent } from '../../core/rpc/index.js';
import type { RouteHost } from './host.js';
import { type Caller, type Route } from './shared.js';
export declare const RELATED_TASK = "io.modelcontextprotocol/related-task";
/** A task-augmented `tools/call`: its `CreateTaskResult` gets the exposed task id. */
export declare function exposeCreatedTask(host: RouteHost, upstream: string, caller: Caller): (event: InboundEvent) => InboundEvent;
/** `tasks/get`, `tasks/result`, `tasks/cancel`: by exposed id, to the task's upstream. */
export declare const byTaskRoute: Route;
/** `tasks/list`: the caller's own tasks, as each of their upstreams lists them (one page each). */
export declare const listTasksRoute: Route;
