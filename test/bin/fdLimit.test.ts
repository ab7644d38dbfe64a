/** The start-up `ulimit -n` check. */
import { describe, expect, it } from 'vitest';
import { checkFdLimit, fdsNeeded, softFdLimit } from '../../bin/fdLimit.js';
import { createLogger } from '../../core/log/log.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             127431               127431               processes
Max open files            256                  1048576              files
Max locked memory         8388608              8388608              bytes
`;

function capture() {
  const lines: string[] = [];
  return { log: createLogger({ level: 'debug', sink: (line) => lines.push(line) }), lines };
}

describe('fd limit check', () => {
  it('reads the soft open-file limit from /proc/self/limits text', () => {
    expect(softFdLimit(LIMITS)).toBe(256);
    expect(softFdLimit(LIMITS.replace('256   ', 'unlimited'))).toBeUndefined();
    expect(softFdLimit('nothing here')).toBeUndefined();
    if (process.platform === 'linux') expect(softFdLimit()).toBeGreaterThan(0);
  });

  it('warns when listeners and upstreams may need more descriptors than the limit', () => {
    const needs = { listeners: 2, maxConnections: 1024, stdioUpstreams: 10 };
    expect(fdsNeeded(needs)).toBe(64 + 2048 + 30);
    const low = capture();
    expect(checkFdLimit(low.log, needs, 256)).toBe(true);
    expect(low.lines.join('\n')).toMatch(/ulimit -n 256.*2142/);
    const high = capture();
    expect(checkFdLimit(high.log, needs, 65_536)).toBe(false);
    expect(high.lines).toEqual([]);
  });
});
