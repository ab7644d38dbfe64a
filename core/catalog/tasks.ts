/**
 * Tasks (2025-11-25, `tasks` capability, `execution.taskSupport` on tools). The router routes
 * tasks (actors/routes/tasks.ts) with ids namespaced like names and bound to the session that
 * created them (`TaskIds`). A tool whose `execution.taskSupport` is `"required"` on an upstream
 * that does not declare `tasks.requests.tools.call` could never be called (clients MUST NOT
 * augment its calls, and it MUST refuse plain ones): such tools are left out of the catalog
 * and named on the log. Tools with `"optional"` (or no `execution`) stay.
 */
/** A JSON object (as core/rpc's `JsonObject`; the catalog sits below the JSON-RPC peer). */
type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for a tool that can only be called as a task (`execution.taskSupport: "required"`). */
export function requiresTask(tool: unknown): boolean {
  if (!isObject(tool) || !isObject(tool.execution)) return false;
  return tool.execution.taskSupport === 'required';
}

/** Splits an upstream's tools into those the facade can call and the task-only ones' names. */
export function withoutTaskOnlyTools<T>(tools: readonly T[]): { tools: T[]; hidden: string[] } {
  const kept: T[] = [];
  const hidden: string[] = [];
  for (const tool of tools) {
    if (!requiresTask(tool)) kept.push(tool);
    else hidden.push(String((tool as JsonObject).name));
  }
  return { tools: kept, hidden };
}

/** Where a task exposed to a client really lives, and whose it is. */
export interface TaskEntry<O> {
  upstream: string;
  /** The upstream's own task id. */
  taskId: string;
  /** The client session that created it: only that session may see or use it. */
  owner: O;
}

/** Tasks remembered at most; past it the oldest is forgotten (its id becomes unknown). */
export const MAX_TASKS = 10_000;

/**
 * Task ids as clients see them: `upstream + separator + upstream's id`, like names, and bound
 * to the session that created the task. Two clients of one shared upstream never see or use
 * each other's tasks: a lookup by another owner finds nothing.
 */
export class TaskIds<O> {
  readonly #byExposed = new Map<string, TaskEntry<O>>();
  readonly #separator: string;

  constructor(separator: string) {
    this.#separator = separator;
  }

  get size(): number {
    return this.#byExposed.size;
  }

  /** Records a task created by `owner` on `upstream`; returns the id the client sees. */
  expose(upstream: string, taskId: string, owner: O): string {
    const exposed = `${upstream}${this.#separator}${taskId}`;
    this.#byExposed.delete(exposed);
    this.#byExposed.set(exposed, { upstream, taskId, owner });
    if (this.#byExposed.size > MAX_TASKS) {
      const oldest = this.#byExposed.keys().next().value;
      if (oldest !== undefined) this.#byExposed.delete(oldest);
    }
    return exposed;
  }

  /** The task behind an exposed id, if `owner` created it. */
  resolve(exposed: string, owner: O): TaskEntry<O> | undefined {
    const entry = this.#byExposed.get(exposed);
    return entry && entry.owner === owner ? entry : undefined;
  }

  /** The exposed id and owner of an upstream's task (status notifications), if known. */
  find(upstream: string, taskId: string): { exposed: string; owner: O } | undefined {
    const exposed = `${upstream}${this.#separator}${taskId}`;
    const entry = this.#byExposed.get(exposed);
    return entry?.upstream === upstream ? { exposed, owner: entry.owner } : undefined;
  }

  /** `owner`'s tasks. */
  *of(owner: O): Iterable<[string, TaskEntry<O>]> {
    for (const pair of this.#byExposed) if (pair[1].owner === owner) yield pair;
  }

  /** Forgets every task of `owner` (its session closed). */
  dropOwner(owner: O): void {
    for (const [exposed, entry] of this.#byExposed) {
      if (entry.owner === owner) this.#byExposed.delete(exposed);
    }
  }
}

/** Whether an upstream's server capabilities accept task-augmented `tools/call`. */
export function servesToolTasks(capabilities: JsonObject | undefined): boolean {
  const tasks = capabilities?.tasks;
  if (!isObject(tasks) || !isObject(tasks.requests)) return false;
  const tools = tasks.requests.tools;
  return isObject(tools) && isObject(tools.call);
}
