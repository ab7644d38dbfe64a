const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** True for a tool that can only be called as a task (`execution.taskSupport: "required"`). */
export function requiresTask(tool) {
    if (!isObject(tool) || !isObject(tool.execution))
        return false;
    return tool.execution.taskSupport === 'required';
}
/** Splits an upstream's tools into those the facade can call and the task-only ones' names. */
export function withoutTaskOnlyTools(tools) {
    const kept = [];
    const hidden = [];
    for (const tool of tools) {
        if (!requiresTask(tool))
            kept.push(tool);
        else
            hidden.push(String(tool.name));
    }
    return { tools: kept, hidden };
}
/** Tasks remembered at most; past it the oldest is forgotten (its id becomes unknown). */
export const MAX_TASKS = 10_000;
/**
 * Task ids as clients see them: `upstream + separator + upstream's id`, like names, and bound
 * to the session that created the task. Two clients of one shared upstream never see or use
 * each other's tasks: a lookup by another owner finds nothing.
 */
export class TaskIds {
    #byExposed = new Map();
    #separator;
    constructor(separator) {
        this.#separator = separator;
    }
    get size() {
        return this.#byExposed.size;
    }
    /** Records a task created by `owner` on `upstream`; returns the id the client sees. */
    expose(upstream, taskId, owner) {
        const exposed = `${upstream}${this.#separator}${taskId}`;
        this.#byExposed.delete(exposed);
        this.#byExposed.set(exposed, { upstream, taskId, owner });
        if (this.#byExposed.size > MAX_TASKS) {
            const oldest = this.#byExposed.keys().next().value;
            if (oldest !== undefined)
                this.#byExposed.delete(oldest);
        }
        return exposed;
    }
    /** The task behind an exposed id, if `owner` created it. */
    resolve(exposed, owner) {
        const entry = this.#byExposed.get(exposed);
        return entry && entry.owner === owner ? entry : undefined;
    }
    /** The exposed id and owner of an upstream's task (status notifications), if known. */
    find(upstream, taskId) {
        const exposed = `${upstream}${this.#separator}${taskId}`;
        const entry = this.#byExposed.get(exposed);
        return entry?.upstream === upstream ? { exposed, owner: entry.owner } : undefined;
    }
    /** `owner`'s tasks. */
    *of(owner) {
        for (const pair of this.#byExposed)
            if (pair[1].owner === owner)
                yield pair;
    }
    /** Forgets every task of `owner` (its session closed). */
    dropOwner(owner) {
        for (const [exposed, entry] of this.#byExposed) {
            if (entry.owner === owner)
                this.#byExposed.delete(exposed);
        }
    }
}
/** Whether an upstream's server capabilities accept task-augmented `tools/call`. */
export function servesToolTasks(capabilities) {
    const tasks = capabilities?.tasks;
    if (!isObject(tasks) || !isObject(tasks.requests))
        return false;
    const tools = tasks.requests.tools;
    return isObject(tools) && isObject(tools.call);
}
//# sourceMappingURL=tasks.js.map