/**
 * The router's log. Everything goes to stderr (stdout is the protocol channel in stdio mode).
 * A logger is a plain function table so tests can capture lines without touching process.stderr.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(name: string): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogSink = (line: string) => void;

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

function format(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  let out = '';
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }
  return out;
}

export function createLogger(
  options: { level?: LogLevel; sink?: LogSink; name?: string } = {},
): Logger {
  const min = order[options.level ?? 'info'];
  const sink = options.sink ?? stderrSink;
  const prefix = options.name ? `[${options.name}] ` : '';
  const at =
    (level: LogLevel) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (order[level] >= min) sink(`mcp-mux ${level} ${prefix}${message}${format(fields)}`);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (name) =>
      createLogger({
        level: options.level ?? 'info',
        sink,
        name: options.name ? `${options.name}/${name}` : name,
      }),
  };
}

/** A logger that drops everything (library default when the embedder gives none). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
