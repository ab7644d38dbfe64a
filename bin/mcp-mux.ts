#!/usr/bin/env node
/**
 * The mcp-mux CLI: reads a config, builds a router, attaches the facades.
 *
 *   mcp-mux --config F            the stdio router (the default facade)
 *   mcp-mux inspect --config F    prints the merged catalog and collisions, then exits
 *
 * Only protocol messages go to stdout; everything else goes to stderr.
 */
import { parseArgs } from 'node:util';
import { ConfigError, createLogger, createRouter, type Logger, loadConfigFile } from '../index.js';
import { inspect } from './inspect.js';
import { serveStdio } from './serve.js';

const usage = `usage: mcp-mux [inspect] --config FILE [--log-level debug|info|warn|error]`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stderr.write(`${usage}\n`);
    return 0;
  }
  const command = positionals[0] ?? 'serve';
  if (!values.config) {
    process.stderr.write(`mcp-mux: --config FILE is required\n${usage}\n`);
    return 2;
  }
  const config = await loadConfigFile(values.config);
  const level = (values['log-level'] as typeof config.logLevel | undefined) ?? config.logLevel;
  const log: Logger = createLogger({ level });
  const router = createRouter(config, { log });
  switch (command) {
    case 'serve':
      return serveStdio(router, log);
    case 'inspect':
      return inspect(router);
    default:
      process.stderr.write(`mcp-mux: unknown command "${command}"\n${usage}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`mcp-mux: invalid config\n${error.message}\n`);
    } else {
      process.stderr.write(
        `mcp-mux: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exitCode = 1;
  },
);
