/**
 * Tasks (2025-11-25, basic/utilities/tasks.mdx) through the facade. A task-augmented
 * `tools/call` goes to the tool's upstream like any call; the `CreateTaskResult` it answers is
 * given an exposed task id (`upstream + separator + id`, core/catalog/tasks.ts) bound to the
 * calling session. `tasks/get`, `tasks/result` and `tasks/cancel` go to the task's upstream
 * with its own id, and their answers carry the exposed id again; `tasks/list` lists the
 * caller's own tasks, asking each of their upstreams. A task id another session created is
 * "Unknown task" (-32602): tasks never cross clients, even on a shared upstream.
 */
import { catchError, defer, forkJoin, map, of } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { forwardTo, result } from './shared.js';
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Who owns a task: its session (one owner for all session-less 2026-07-28 callers). */
const ownerOf = (caller) => caller.session;
/** `_meta[related-task].taskId` rewritten, if present. */
function withRelatedTask(value, taskId) {
    const meta = value._meta;
    if (!isObject(meta) || !isObject(meta[RELATED_TASK]))
        return value;
    return { ...value, _meta: { ...meta, [RELATED_TASK]: { ...meta[RELATED_TASK], taskId } } };
}
/** A task-augmented `tools/call`: its `CreateTaskResult` gets the exposed task id. */
export function exposeCreatedTask(host, upstream, caller) {
    return (event) => {
        if (event.kind !== 'result' || !host.tasks)
            return event;
        const task = event.result.task;
        if (!isObject(task) || typeof task.taskId !== 'string')
            return event;
        const taskId = host.tasks.expose(upstream, task.taskId, ownerOf(caller));
        return { kind: 'result', result: { ...event.result, task: { ...task, taskId } } };
    };
}
/** `tasks/get`, `tasks/result`, `tasks/cancel`: by exposed id, to the task's upstream. */
export const byTaskRoute = (host, request, caller) => defer(() => {
    const params = request.params ?? {};
    const exposed = params.taskId;
    if (typeof exposed !== 'string') {
        throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.taskId must be a string`);
    }
    const entry = host.tasks?.resolve(exposed, ownerOf(caller));
    if (!entry) {
        throw new RpcError(ErrorCode.InvalidParams, `Unknown task: ${exposed}`, { taskId: exposed });
    }
    const upstreamParams = { ...params, taskId: entry.taskId };
    return forwardTo(host, entry.upstream, request.method, upstreamParams, caller).pipe(map((event) => {
        if (event.kind !== 'result')
            return event;
        let value = withRelatedTask(event.result, exposed);
        if (typeof value.taskId === 'string')
            value = { ...value, taskId: exposed };
        return { kind: 'result', result: value };
    }));
});
/** `tasks/list`: the caller's own tasks, as each of their upstreams lists them (one page each). */
export const listTasksRoute = (host, _request, caller) => defer(() => {
    const owned = new Map(); // upstream → its id → exposed id
    for (const [exposed, entry] of host.tasks?.of(ownerOf(caller)) ?? []) {
        const ids = owned.get(entry.upstream) ?? new Map();
        ids.set(entry.taskId, exposed);
        owned.set(entry.upstream, ids);
    }
    if (owned.size === 0)
        return of(result({ tasks: [] }));
    const lists = [...owned].map(([upstream, ids]) => forwardTo(host, upstream, 'tasks/list', {}, caller).pipe(map((event) => {
        const tasks = event.kind === 'result' ? event.result.tasks : undefined;
        if (!Array.isArray(tasks))
            return [];
        return tasks.flatMap((task) => {
            const exposed = isObject(task) && typeof task.taskId === 'string' && ids.get(task.taskId);
            return exposed && isObject(task) ? [{ ...task, taskId: exposed }] : [];
        });
    }), 
    // An upstream that is down lists nothing rather than failing the whole list.
    catchError(() => of([]))));
    return forkJoin(lists).pipe(map((parts) => result({ tasks: parts.flat() })));
});
//# sourceMappingURL=tasks.js.map