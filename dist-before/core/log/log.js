/**
 * The router's log. Everything goes to stderr (stdout is the protocol channel in stdio mode).
 * A logger is a plain function table so tests can capture lines without touching process.stderr.
 *
 * Two formats: `text` (the default, one readable line: `mcp-mux info [name] message k=v`) and
 * `json` (pino: one JSON object per line with `level`, `time`, `name`, `msg` and the fields;
 * `--log-format json`). Fields carry the request id, upstream and session where known.
 * Secrets are never written: fields named like a credential (authorization, token, secret,
 * password, cookie, api key) and `env`/`headers` values are replaced by `[redacted]`, in both
 * formats.
 */
import { pino } from 'pino';
const order = { debug: 10, info: 20, warn: 30, error: 40 };
const stderrSink = (line) => {
    process.stderr.write(`${line}\n`);
};
/** Keys whose values are credentials or may hold them (matched case-insensitively). */
const SECRET_KEY = /authorization|token|secret|password|passwd|cookie|api[-_]?key|^env$|^headers$/i;
export const REDACTED = '[redacted]';
/** `fields` with credential-like values replaced (two levels deep); the input is not changed. */
export function redact(fields, depth = 2) {
    let out;
    for (const [key, value] of Object.entries(fields)) {
        let next = value;
        if (SECRET_KEY.test(key) && value !== undefined)
            next = REDACTED;
        else if (depth > 1 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
            next = redact(value, depth - 1);
        }
        if (next !== value) {
            out ??= { ...fields };
            out[key] = next;
        }
    }
    return out ?? fields;
}
function format(fields) {
    if (!fields)
        return '';
    let out = '';
    for (const [key, value] of Object.entries(redact(fields))) {
        if (value === undefined)
            continue;
        out += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    }
    return out;
}
export function createLogger(options = {}) {
    if (options.format === 'json')
        return jsonLogger(options);
    const min = order[options.level ?? 'info'];
    const sink = options.sink ?? stderrSink;
    const prefix = options.name ? `[${options.name}] ` : '';
    const at = (level) => (message, fields) => {
        if (order[level] >= min)
            sink(`mcp-mux ${level} ${prefix}${message}${format(fields)}`);
    };
    return {
        debug: at('debug'),
        info: at('info'),
        warn: at('warn'),
        error: at('error'),
        child: (name) => createLogger({
            level: options.level ?? 'info',
            sink,
            name: options.name ? `${options.name}/${name}` : name,
        }),
    };
}
/** JSON lines through pino: synchronous writes to stderr (nothing lost when the process exits). */
function jsonLogger(options) {
    const sink = options.sink;
    const destination = sink
        ? { write: (line) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) }
        : pino.destination({ dest: 2, sync: true });
    const root = pino({
        level: options.level ?? 'info',
        base: { service: 'mcp-mux' },
        formatters: { level: (label) => ({ level: label }) },
    }, destination);
    return wrap(root, options.name);
}
/**
 * Fields a child's name stands for: the code names its loggers `upstream <name>` and
 * `downstream <session id>`, which become `upstream` and `session` fields in JSON lines.
 */
function bindingsOf(name) {
    const bindings = { name };
    for (const part of name.split('/')) {
        const match = /^(upstream|downstream) (\S+)$/.exec(part);
        if (match?.[2] !== undefined)
            bindings[match[1] === 'upstream' ? 'upstream' : 'session'] = match[2];
    }
    return bindings;
}
/** Children are made from the root, so a line has one `name` (the whole path). */
function wrap(root, name) {
    const logger = name === undefined ? root : root.child(bindingsOf(name));
    const at = (level) => (message, fields) => {
        if (!logger.isLevelEnabled(level))
            return;
        if (fields === undefined)
            logger[level](message);
        else
            logger[level](redact(fields), message);
    };
    return {
        debug: at('debug'),
        info: at('info'),
        warn: at('warn'),
        error: at('error'),
        child: (child) => {
            const full = name ? `${name}/${child}` : child;
            return wrap(root, full);
        },
    };
}
/** A logger that drops everything (library default when the embedder gives none). */
export const silentLogger = {
    debug: () => { },
    info: () => { },
    warn: () => { },
    error: () => { },
    child: () => silentLogger,
};
//# sourceMappingURL=log.js.map