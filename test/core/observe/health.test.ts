import { describe, expect, it } from 'vitest';
import { liveness, readiness } from '../../../core/observe/health.js';

const upstreams = [
  { name: 'a', state: 'ready' },
  { name: 'b', state: 'failed' },
];

describe('health and readiness', () => {
  it('liveness is always ok and lists the upstreams', () => {
    expect(liveness(upstreams)).toEqual({ status: 200, body: { status: 'ok', upstreams } });
  });

  it('all: every upstream must be ready', () => {
    const answer = readiness(upstreams, 'all', true);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'not ready', notReady: ['b'] });
    expect(readiness([upstreams[0]!], 'all', true).status).toBe(200);
  });

  it('any: one ready upstream is enough', () => {
    expect(readiness(upstreams, 'any', true).status).toBe(200);
    expect(readiness([upstreams[1]!], 'any', true).status).toBe(503);
  });

  it('named upstreams: only those count', () => {
    expect(readiness(upstreams, ['a'], true).status).toBe(200);
    expect(readiness(upstreams, ['a', 'b'], true).body.notReady).toEqual(['b']);
  });

  it('never ready before start-up has settled', () => {
    expect(readiness(upstreams, 'any', false).status).toBe(503);
  });
});
