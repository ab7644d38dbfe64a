/**
 * Tasks (2025-11-25, `tasks` capability, `execution.taskSupport` on tools). The router routes
 * tasks (actors/routes/tasks.ts) with ids namespaced like names and bound to the session that
 * created them (`TaskIds`). A tool whose `execution.taskSupport` is `"required"` on an upstream
 * that does not declare `tasks.requests.tools.call` could never be called (clients MUST NOT
 * augment its calls, and it MUST refuse plain ones): such tools are left out of the catalog
 * and named on the log. Tools with `"optional"` (or no `execution`) stay.
 */
/** A JSON object (as core/rpc's `JsonObject`; the catalog sits below the JSON-RPC peer). */
type JsonObject = {
    [key: string]: unknown;
};
/** True for a tool that can only be called as a task (`execution.taskSupport: "required"`). */
export declare function requiresTask(tool: unknown): boolean;
/** Splits an upstream's tools into those the facade can call and the task-only ones' names. */
export declare function withoutTaskOnlyTools<T>(tools: readonly T[]): {
    tools: T[];
    hidden: string[];
};
/** Where a task exposed to a client really lives, and whose it is. */
export interface TaskEntry<O> {
    upstream: string;
    /** The upstream's own task id. */
    taskId: string;
    /** The client session that created it: only that session may see or use it. */
    owner: O;
}
/** Tasks remembered at most; past it the oldest is forgotten (its id becomes unknown). */
export declare const MAX_TASKS = 10000;
/**
 * Task ids as clients see them: `upstream + separator + upstream's id`, like names, and bound
 * to the session that created the task. Two clients of one shared upstream never see or use
 * each other's tasks: a lookup by another owner finds nothing.
 */
export declare class TaskIds<O> {
    #private;
    constructor(separator: string);
    get size(): number;
    /** Records a task created by `owner` on `upstream`; returns the id the client sees. */
    expose(upstream: string, taskId: string, owner: O): string;
    /** The task behind an exposed id, if `owner` created it. */
    resolve(exposed: string, owner: O): TaskEntry<O> | undefined;
    /** The exposed id and owner of an upstream's task (status notifications), if known. */
    find(upstream: string, taskId: string): {
        exposed: string;
        owner: O;
    } | undefined;
    /** `owner`'s tasks. */
    of(owner: O): Iterable<[string, TaskEntry<O>]>;
    /** Forgets every task of `owner` (its session closed). */
    dropOwner(owner: O): void;
}
/** Whether an upstream's server capabilities accept task-augmented `tools/call`. */
export declare function servesToolTasks(capabilities: JsonObject | undefined): boolean;
export {};
