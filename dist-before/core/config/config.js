/**
 * The config file: the `mcpServers` format MCP clients already use, plus mcp-mux options
 * (per server, and router-wide under `mcpMux`). `parseConfig` is pure; `loadConfigFile` is the
 * only I/O. Invalid input throws one `ConfigError` that lists every issue with its JSON path.
 * The `mcpMux` object parses in muxConfig.ts, each server in upstreamConfig.ts.
 * See core/config/README.md.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { LocalError } from '../errors/index.js';
import { CLIENT_TOP_KEYS } from './clientKeys.js';
import { child, Issues, knownKeys, object, string } from './configSchema.js';
import { duplicateKeys } from './duplicateKeys.js';
import { parseMux } from './muxConfig.js';
import { checkReadinessNames } from './observeConfig.js';
import { parseUpstream } from './upstreamConfig.js';
export { CONFIG_DEFAULTS, LISTEN_DEFAULTS } from './muxConfig.js';
export { UPSTREAM_PROTOCOLS } from './protocolConfig.js';
/** Invalid config: `issues` holds every problem found; the message lists them one per line. */
export class ConfigError extends LocalError {
    issues;
    /** The config file, when the config came from one. */
    file;
    constructor(issues, file) {
        const where = file === undefined ? 'invalid mcp-mux config' : `invalid mcp-mux config ${file}`;
        const lines = issues.map((issue) => `  ${issue.path || '(root)'}: ${issue.reason}`);
        super('config', `${where} (${issues.length} issue${issues.length === 1 ? '' : 's'}):\n${lines.join('\n')}`, {
            issues,
        });
        this.name = 'ConfigError';
        this.issues = issues;
        this.file = file;
    }
}
const TOP_KEYS = new Set(['mcpServers', 'mcpMux', '$schema']);
/** Validates a parsed config value and fills in defaults. @throws ConfigError */
export function parseConfig(value, options = {}) {
    const issues = new Issues();
    const env = options.env ?? process.env;
    const root = object(value, '', issues);
    let config;
    if (root) {
        knownKeys(root, '', TOP_KEYS, issues, CLIENT_TOP_KEYS);
        if (root.$schema !== undefined)
            string(root.$schema, '$schema', issues);
        const mux = parseMux(root.mcpMux, issues, options.baseDir, env);
        const upstreams = [];
        if (root.mcpServers === undefined) {
            issues.add('mcpServers', 'required (an object of servers, possibly empty)');
        }
        else {
            const servers = object(root.mcpServers, 'mcpServers', issues) ?? {};
            for (const [name, entry] of Object.entries(servers)) {
                const path = child('mcpServers', name);
                const upstream = parseUpstream(name, entry, path, mux, { ...options, env }, issues);
                if (upstream)
                    upstreams.push(upstream);
            }
        }
        config = { ...mux, upstreams };
        const names = upstreams.map((u) => u.name);
        for (const issue of checkReadinessNames(mux, names))
            issues.add(issue.path, issue.reason);
    }
    if (issues.list.length > 0 || !config)
        throw new ConfigError(issues.list);
    if (issues.ignored.length > 0) {
        issues.warnings.unshift(`ignored ${issues.ignored.length} key(s) that MCP clients write and mcp-mux does not use: ${issues.ignored.join(', ')}`);
    }
    if (issues.warnings.length > 0)
        config.warnings = [...issues.warnings];
    return config;
}
/**
 * One `mcpServers` entry, validated as in a file, over the running config's `mcpMux` defaults
 * (`Router.addUpstream`). @throws ConfigError (paths `mcpServers.<name>…`)
 */
export function parseUpstreamEntry(name, value, current, options = {}) {
    const issues = new Issues();
    const path = child('mcpServers', name);
    const env = options.env ?? process.env;
    const upstream = parseUpstream(name, value, path, current, { ...options, env }, issues);
    if (issues.list.length > 0 || !upstream)
        throw new ConfigError(issues.list);
    return upstream;
}
/** A parsed `RouterConfig` as it is, or a raw config object (the file's format) parsed. */
export function toRouterConfig(config) {
    return 'upstreams' in config && Array.isArray(config.upstreams)
        ? config
        : parseConfig(config);
}
/**
 * Reads and parses a JSON config file. @throws ConfigError naming the file: unreadable file,
 * JSON syntax error (issue path `<file>:<line>:<column>`), or any config issue.
 */
export async function loadConfigFile(path, options = {}) {
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ConfigError([{ path, reason: `cannot read the config file: ${reason}` }], path);
    }
    if (text.charCodeAt(0) === 0xfeff)
        text = text.slice(1);
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const { line, column } = positionOf(text, message);
        throw new ConfigError([{ path: `${path}:${line}:${column}`, reason: `invalid JSON: ${message}` }], path);
    }
    const parseOptions = { baseDir: dirname(resolve(path)) };
    if (options.env)
        parseOptions.env = options.env;
    try {
        const config = parseConfig(value, parseOptions);
        const duplicates = duplicateKeys(text).map((key) => `duplicate key ${key} in ${path}: only its last value is used`);
        if (duplicates.length > 0)
            config.warnings = [...duplicates, ...(config.warnings ?? [])];
        return config;
    }
    catch (error) {
        if (error instanceof ConfigError)
            throw new ConfigError(error.issues, path);
        throw error;
    }
}
/** 1-based line and column of the offset named in a JSON.parse message (end of text if none). */
function positionOf(text, message) {
    const match = /at position (\d+)/.exec(message);
    const offset = Math.min(match ? Number(match[1]) : text.length, text.length);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return { line, column };
}
//# sourceMappingURL=config.js.map