import { describe, expect, it } from 'vitest';
import {
  admits,
  isLoggingLevel,
  LOGGING_LEVELS,
  mostVerbose,
  severity,
} from '../../../core/mcp/logLevel.js';

describe('log levels', () => {
  it('orders the RFC 5424 severities from debug to emergency', () => {
    expect(LOGGING_LEVELS.map(severity)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(admits('warning', 'error')).toBe(true);
    expect(admits('warning', 'warning')).toBe(true);
    expect(admits('warning', 'notice')).toBe(false);
  });

  it('picks the most verbose level', () => {
    expect(mostVerbose(['error', 'notice', 'alert'])).toBe('notice');
    expect(mostVerbose([])).toBeUndefined();
  });

  it('recognises only the eight level names', () => {
    expect(isLoggingLevel('critical')).toBe(true);
    expect(isLoggingLevel('warn')).toBe(false);
    expect(isLoggingLevel(3)).toBe(false);
  });
});
