/**
 * Tasks (2025-11-25, `tasks` capability, `execution.taskSupport` on tools). mcp-mux does not
 * serve tasks yet: it does not advertise the capability and answers `tasks/*` with -32601. A
 * tool whose `execution.taskSupport` is `"required"` can only be called task-augmented, so it
 * could never be called through the facade: such tools are left out of the catalog (and
 * named on the log) instead of being listed and failing every call. Tools with `"optional"`
 * (or no `execution`) stay: they are called the ordinary way.
 */
import type { JsonObject } from '../rpc/jsonrpc.js';

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
