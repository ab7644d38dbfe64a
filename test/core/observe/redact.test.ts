import { describe, expect, it } from 'vitest';
import { redactKeys } from '../../../core/observe/redact.js';

describe('redactKeys', () => {
  it('hides the values of matching keys at any depth, ignoring case, without touching the input', () => {
    const args = { path: '/x', Password: 'p', nested: [{ apiToken: 't', keep: 1 }] };
    expect(redactKeys(args, ['*password*', '*token*'])).toEqual({
      path: '/x',
      Password: '[redacted]',
      nested: [{ apiToken: '[redacted]', keep: 1 }],
    });
    expect(args.Password).toBe('p');
    expect(redactKeys('text', ['*'])).toBe('text');
  });
});
