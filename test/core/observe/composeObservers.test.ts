/** `composeObservers` (core/observe/composeObservers.ts): one observer for several. */
import { describe, expect, it } from 'vitest';
import { composeObservers } from '../../../core/observe/composeObservers.js';
import type { RouterObserver } from '../../../core/observe/observer.js';

function recorder(log: string[], tag: string): RouterObserver {
  return {
    request(upstream, method, _name, params) {
      log.push(`${tag} request ${upstream} ${method} ${JSON.stringify(params)}`);
      return {
        params: { ...params, [tag]: true },
        admitted: () => log.push(`${tag} admitted`),
        sent: () => log.push(`${tag} sent`),
        answered: () => log.push(`${tag} answered`),
        end: (outcome) => log.push(`${tag} end ${outcome}`),
      };
    },
    sessionOpened: (_s, transport) => log.push(`${tag} opened ${transport}`),
    sessionClosed: (_s, reason) => log.push(`${tag} closed ${reason}`),
  };
}

describe('composeObservers', () => {
  it('is undefined for none and the observer itself for one', () => {
    const one = recorder([], 'a');
    expect(composeObservers(undefined)).toBeUndefined();
    expect(composeObservers([])).toBeUndefined();
    expect(composeObservers(one)).toBe(one);
    expect(composeObservers([one])).toBe(one);
  });

  it('tells each every milestone in order and threads the params through them', () => {
    const log: string[] = [];
    const both = composeObservers([recorder(log, 'a'), recorder(log, 'b')]);
    const watch = both?.request('up', 'tools/call', 'x', { n: 1 });
    expect(watch?.params).toEqual({ n: 1, a: true, b: true });
    watch?.admitted({});
    watch?.sent();
    watch?.answered();
    watch?.end('ok');
    both?.sessionOpened({ context: { protocolVersion: '' } }, 'http');
    both?.sessionClosed({ context: { protocolVersion: '' } }, 'remote');
    expect(log).toEqual([
      'a request up tools/call {"n":1}',
      'b request up tools/call {"n":1,"a":true}',
      'a admitted',
      'b admitted',
      'a sent',
      'b sent',
      'a answered',
      'b answered',
      'a end ok',
      'b end ok',
      'a opened http',
      'b opened http',
      'a closed remote',
      'b closed remote',
    ]);
  });
});
