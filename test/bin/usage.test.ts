/**
 * The CLI's own messages (bin/usage.ts) for what `node:util` parseArgs refuses, from the errors
 * parseArgs really throws, and the `--log-level` check.
 */
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../bin/facades.js';
import { HELP, logLevelFlag, USAGE, usageMessage } from '../../bin/usage.js';

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  'log-level': { type: 'string' },
  http: { type: 'string', multiple: true },
  stdio: { type: 'boolean' },
} as const;

/** The message for what parseArgs throws on `args`. */
function messageFor(args: string[]): string {
  try {
    parseArgs({ args, options: OPTIONS, allowPositionals: false });
  } catch (error) {
    return usageMessage(error as Error & { code?: unknown }, Object.keys(OPTIONS));
  }
  throw new Error(`parseArgs accepted ${args.join(' ')}`);
}

describe('usageMessage', () => {
  it('names an unknown flag, with the known flag it is probably a typo of', () => {
    expect(messageFor(['--confg', 'x.json'])).toBe(
      'unknown option --confg (did you mean --config?)',
    );
    expect(messageFor(['--log-levle=debug'])).toBe(
      'unknown option --log-levle (did you mean --log-level?)',
    );
    expect(messageFor(['--frobnicate'])).toBe('unknown option --frobnicate');
  });

  it('says which flag needs a value', () => {
    expect(messageFor(['--log-level'])).toBe('--log-level needs a value');
    // A flag with a short form is named by both, as parseArgs does.
    expect(messageFor(['--config'])).toBe('-c, --config needs a value');
    expect(messageFor(['-c'])).toBe('-c, --config needs a value');
  });

  it('names an unexpected argument', () => {
    expect(messageFor(['serve-now'])).toBe('unexpected argument "serve-now"');
  });

  it("keeps another error's own message", () => {
    expect(usageMessage(new Error('something else'), [])).toBe('something else');
  });
});

describe('logLevelFlag', () => {
  it('takes the four levels and nothing else (never a silent "no logging")', () => {
    expect(logLevelFlag(undefined)).toBeUndefined();
    for (const level of ['debug', 'info', 'warn', 'error']) expect(logLevelFlag(level)).toBe(level);
    expect(() => logLevelFlag('silent')).toThrow(UsageError);
    expect(() => logLevelFlag('warning')).toThrow(
      '--log-level expects one of debug, info, warn, error, got "warning"',
    );
  });
});

describe('help texts', () => {
  it('list every subcommand; the short usage points at --help', () => {
    for (const command of ['mcp-mux inspect', 'mcp-mux status', 'mcp-mux login']) {
      expect(HELP).toContain(command);
    }
    expect(USAGE).toContain('--help');
    expect(USAGE.split('\n')).toHaveLength(1);
  });
});
