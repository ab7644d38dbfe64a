/** The process-wide turn of writes (transports/writeTurn.ts). */
import { describe, expect, it } from 'vitest';
import { atTurnEnd, currentTurn } from '../../transports/writeTurn.js';

const nextImmediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('writeTurn', () => {
  it('names one turn until the check phase, then the next', async () => {
    const a = currentTurn();
    await Promise.resolve();
    expect(currentTurn()).toBe(a);
    await nextImmediate();
    expect(currentTurn()).toBe(a + 1);
  });

  it('runs flushes at the turn end in the order asked, and flushes they ask in the same end', async () => {
    const seen: string[] = [];
    const turn = currentTurn();
    atTurnEnd(() => {
      seen.push(`a@${currentTurn() - turn}`);
      atTurnEnd(() => seen.push(`c@${currentTurn() - turn}`));
    });
    atTurnEnd(() => seen.push(`b@${currentTurn() - turn}`));
    expect(seen).toEqual([]);
    await nextImmediate();
    // All three ran before the turn number moved on (the nested call returned the same turn).
    expect(seen).toEqual(['a@0', 'b@0', 'c@0']);
    expect(currentTurn()).toBe(turn + 1);
  });
});
