/** `bounded`: a store call's answer within the bound, else a rejection that names the bound. */
import { describe, expect, it } from 'vitest';
import { bounded } from '../../../core/cluster/index.js';

describe('bounded', () => {
  it('passes an answer or a rejection through, and rejects a call that does not answer', async () => {
    await expect(bounded(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(bounded(Promise.reject(new Error('down')), 50)).rejects.toThrow('down');
    await expect(bounded(new Promise(() => {}), 10)).rejects.toThrow(/no answer in 10 ms/);
  });
});
