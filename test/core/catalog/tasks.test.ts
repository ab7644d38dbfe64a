import { describe, expect, it } from 'vitest';
import { requiresTask, withoutTaskOnlyTools } from '../../../core/catalog/tasks.js';

describe('task-only tools (2025-11-25 execution.taskSupport)', () => {
  it('leaves out only tools that require a task', () => {
    const tools = [
      { name: 'plain' },
      { name: 'forbidden', execution: { taskSupport: 'forbidden' } },
      { name: 'optional', execution: { taskSupport: 'optional' } },
      { name: 'required', execution: { taskSupport: 'required' } },
      { name: 'odd', execution: 'required' },
    ];
    const { tools: kept, hidden } = withoutTaskOnlyTools(tools);
    expect(kept.map((t) => t.name)).toEqual(['plain', 'forbidden', 'optional', 'odd']);
    expect(hidden).toEqual(['required']);
    expect(requiresTask(null)).toBe(false);
  });
});
