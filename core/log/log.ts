/**
 * The router's log. Everything goes to stderr (stdout is the protocol channel in stdio mode).
 * `Logger` is an interface of five functions, so tests capture lines with a plain object (or a
 * `sink`) without touching process.stderr.
 *
 * Two formats: `text` (the default, one readable line: `mcp-mux info [name] message k=v`) and
 * `json` (pino: one JSON object per line with `level`, `time`, `name`, `msg` and the fields;
 * `--log-format json`). Fields carry the request id, upstream and session where known.
 * Secrets are never written: fields named like a credential (authorization, token, secret,
 * password, cookie, api key) and `env`/`headers` values are replaced by `[redacted]`, in both
 * formats.
 */
import { type Logger as PinoLogger, pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'text' | 'json';

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

/** Keys whose values are credentials or may hold them (matched case-insensitively). */
const SECRET_KEY = /authorization|token|secret|password|passwd|cookie|api[-_]?key|^env$|^headers$/i;
export const REDACTED = '[redacted]';

/** `fields` with credential-like values replaced (two levels deep); the input is not changed. */
export function redact(fields: Record<string, unknown>, depth = 2): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(fields)) {
    let next = value;
    if (SECRET_KEY.test(key) && value !== undefined) next = REDACTED;
    else if (depth > 1 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      next = redact(value as Record<string, unknown>, depth - 1);
    }
    if (next !== value) {
      out ??= { ...fields };
      out[key] = next;
    }
  }
  return out ?? fields;
}

function format(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  let out = '';
  for (const [key, value] of Object.entries(redact(fields))) {
    if (value === undefined) continue;
    out += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }
  return out;
}

export interface LoggerOptions {
  level?: LogLevel;
  sink?: LogSink;
  name?: string;
  /** `text` (default) or `json` (pino). */
  format?: LogFormat;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  if (options.format === 'json') return jsonLogger(options);
  return new TextLogger(
    order[options.level ?? 'info'],
    options.sink ?? stderrSink,
    undefined,
    options.name,
  );
}

/**
 * Children are made per connection (a stateless 2026-07-28 POST is one) and most never write a
 * line: a child is one small object, and its name is joined on its first line, not before.
 */
class TextLogger implements Logger {
  #prefix: string | undefined;

  constructor(
    readonly min: number,
    readonly sink: LogSink,
    readonly parent: TextLogger | undefined,
    readonly name: string | undefined,
  ) {}

  /** `a/b/c` from the root down; undefined for an unnamed root. */
  get path(): string | undefined {
    const above = this.parent?.path;
    return above === undefined ? this.name : `${above}/${this.name}`;
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    if (order.debug >= this.min) this.#write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    if (order.info >= this.min) this.#write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    if (order.warn >= this.min) this.#write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    if (order.error >= this.min) this.#write('error', message, fields);
  }

  child(name: string): Logger {
    return new TextLogger(this.min, this.sink, this, name);
  }

  #write(level: LogLevel, message: string, fields: Record<string, unknown> | undefined): void {
    if (this.#prefix === undefined) {
      const path = this.path;
      this.#prefix = path ? `[${path}] ` : '';
    }
    this.sink(`mcp-mux ${level} ${this.#prefix}${message}${format(fields)}`);
  }
}

/** JSON lines through pino: synchronous writes to stderr (nothing lost when the process exits). */
function jsonLogger(options: LoggerOptions): Logger {
  const sink = options.sink;
  const destination = sink
    ? { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 2, sync: true });
  const root = pino(
    {
      level: options.level ?? 'info',
      base: { service: 'mcp-mux' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return new JsonLogger(root, options.name);
}

/**
 * Fields a child's name stands for: the code names its loggers `upstream <name>` and
 * `downstream <session id>`, which become `upstream` and `session` fields in JSON lines.
 */
function bindingsOf(name: string): Record<string, string> {
  const bindings: Record<string, string> = { name };
  for (const part of name.split('/')) {
    const match = /^(upstream|downstream) (\S+)$/.exec(part);
    if (match?.[2] !== undefined)
      bindings[match[1] === 'upstream' ? 'upstream' : 'session'] = match[2];
  }
  return bindings;
}

/**
 * Children are made from the root, so a line has one `name` (the whole path). The pino child
 * (its bindings serialized) is made on the first line written, not with the logger.
 */
class JsonLogger implements Logger {
  #logger: PinoLogger | undefined;

  constructor(
    readonly root: PinoLogger,
    readonly name: string | undefined,
  ) {}

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#write('error', message, fields);
  }

  child(name: string): Logger {
    return new JsonLogger(this.root, this.name ? `${this.name}/${name}` : name);
  }

  #write(level: LogLevel, message: string, fields: Record<string, unknown> | undefined): void {
    if (!this.root.isLevelEnabled(level)) return;
    this.#logger ??= this.name === undefined ? this.root : this.root.child(bindingsOf(this.name));
    if (fields === undefined) this.#logger[level](message);
    else this.#logger[level](redact(fields), message);
  }
}

/** A logger that drops everything (library default when the embedder gives none). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
