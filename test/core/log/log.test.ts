import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, redact } from '../../../core/log/log.js';

describe('the log', () => {
  it('text format: one readable line, fields as key=value, secrets redacted', () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (line) => lines.push(line) }).child('upstream gh');
    log.info('request failed', { requestId: 7, authorization: 'Bearer abc', upstream: 'gh' });
    log.debug('hidden');
    expect(lines).toEqual([
      `mcp-mux info [upstream gh] request failed requestId=7 authorization=${REDACTED} upstream=gh`,
    ]);
  });

  it('json format: pino lines with level, name, msg and fields; secrets redacted', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', level: 'debug', sink: (l) => lines.push(l) });
    log
      .child('downstream 3')
      .child('http')
      .warn('slow reader', {
        session: '3',
        env: { GITHUB_TOKEN: 'ghp_secret' },
        config: { headers: { Authorization: 'Bearer x' }, apiKey: 'k', url: 'http://u' },
      });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({
      level: 'warn',
      name: 'downstream 3/http',
      msg: 'slow reader',
      session: '3',
      env: REDACTED,
      config: { headers: REDACTED, apiKey: REDACTED, url: 'http://u' },
      service: 'mcp-mux',
    });
    expect(typeof line.time).toBe('number');
    expect(line.session).toBe('3');
    expect(lines[0]).not.toContain('ghp_secret');
    expect(lines[0]).not.toContain('Bearer x');
  });

  it('json format: upstream and session fields from the logger names', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', sink: (l) => lines.push(l) });
    log.child('upstream github').info('ready');
    log.child('downstream 12').info('closed', { id: 4 });
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { upstream: 'github', msg: 'ready' },
      { session: '12', id: 4, msg: 'closed' },
    ]);
  });

  it('json format honours the level', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', level: 'warn', sink: (l) => lines.push(l) });
    log.info('no');
    log.error('yes');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['yes']);
  });

  it('redact leaves harmless fields alone (same object)', () => {
    const fields = { upstream: 'a', id: 1 };
    expect(redact(fields)).toBe(fields);
    expect(redact({ token: 't' })).toEqual({ token: REDACTED });
  });
});
