/** `logAvailability`: one line per change of the store's availability, none after unsubscribing. */
import { describe, expect, it } from 'vitest';
import { logAvailability } from '../../../core/cluster/index.js';
import { createLogger } from '../../../core/log/index.js';
import { switchableClusterStore } from '../../fixtures/switchableClusterStore.js';

describe('logAvailability', () => {
  it('logs "unavailable" and "available again" once per change', () => {
    const lines: string[] = [];
    const store = switchableClusterStore();
    const stop = logAvailability(
      store,
      createLogger({ level: 'info', sink: (l) => lines.push(l) }),
    );
    store.down = true;
    store.down = true; // no change, no line
    store.down = false;
    stop();
    store.down = true;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/cluster store unavailable/);
    expect(lines[1]).toMatch(/cluster store available again/);
  });
});
