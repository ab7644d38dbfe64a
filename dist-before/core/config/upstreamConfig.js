/**
 * One entry of `mcpServers`: how to reach the upstream (transport, command or URL, env, headers,
 * auth), how its names are exposed (prefix, filters), and its limits and supervision keys, which
 * default to `mcpMux`'s. See core/config/README.md.
 */
import { isAbsolute, resolve } from 'node:path';
import { parseUpstreamAuth } from './authConfig.js';
import { CLIENT_SERVER_KEYS } from './clientKeys.js';
import { boolean, child, knownKeys, object, oneOf, string, stringArray, stringRecord, substituteEnv, substituteEnvArray, substituteEnvRecord, } from './configSchema.js';
import { parseLimits } from './muxConfig.js';
import { parseOverrides } from './overridesConfig.js';
import { parseProtocol } from './protocolConfig.js';
import { parseRoots } from './roots.js';
import { parseUpstreamSupervision, UPSTREAM_SUPERVISION_KEYS, } from './supervisionConfig.js';
import { checkUrl, parseTransport } from './transportConfig.js';
const SERVER_KEYS = new Set([
    'command',
    'args',
    'env',
    'inheritEnv',
    'cwd',
    'url',
    'transport',
    'type',
    'headers',
    'auth',
    'prefix',
    'sessionMode',
    'protocol',
    'concurrency',
    'maxQueue',
    'timeoutMs',
    'maxTotalTimeoutMs',
    'maxResultBytes',
    'tools',
    'prompts',
    'toolOverrides',
    'promptOverrides',
    'disabled',
    'roots',
    'approve',
    ...UPSTREAM_SUPERVISION_KEYS,
]);
const FILTER_KEYS = new Set(['allow', 'deny']);
const SESSION_MODES = ['shared', 'isolated'];
const PREFIX_RULE = {
    pattern: /^[A-Za-z0-9_.-]{0,64}$/,
    description: '0–64 characters of [A-Za-z0-9_.-]',
};
const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const NON_EMPTY = { pattern: /./, description: 'a non-empty string' };
/** Parses `mcpServers[name]` over the defaults in `mux`; undefined when it is not an object. */
export function parseUpstream(name, value, path, mux, options, issues) {
    const raw = object(value, path, issues);
    if (!raw)
        return undefined;
    knownKeys(raw, path, SERVER_KEYS, issues, CLIENT_SERVER_KEYS);
    const at = (key) => child(path, key);
    // A disabled server keeps unexpanded `${VAR}`s as written: it cannot block start-up.
    const lenient = raw.disabled === true;
    const disabled = raw.disabled === undefined ? false : (boolean(raw.disabled, at('disabled'), issues) ?? false);
    const upstream = {
        name,
        transport: 'stdio',
        args: [],
        env: {},
        inheritEnv: mux.inheritEnv,
        headers: {},
        prefix: name,
        sessionMode: 'shared',
        ...parseLimits(raw, path, mux, issues),
        tools: parseFilter(raw.tools, at('tools'), issues),
        prompts: parseFilter(raw.prompts, at('prompts'), issues),
        disabled,
        roots: parseRoots(raw.roots, at('roots'), issues, options.baseDir) ?? mux.roots ?? [],
        ...parseUpstreamSupervision(raw, path, mux, issues),
    };
    if (raw.prefix !== undefined) {
        upstream.prefix = string(raw.prefix, at('prefix'), issues, PREFIX_RULE) ?? '';
    }
    else if (!SERVER_NAME.test(name)) {
        issues.add(path, 'the server name is not a valid name prefix (1–64 characters of [A-Za-z0-9_.-]); rename it or set "prefix"');
    }
    if (upstream.prefix.includes('.') && !disabled) {
        issues.warn(`${raw.prefix === undefined ? path : at('prefix')}: "." in the name prefix "${upstream.prefix}": several model APIs accept only [A-Za-z0-9_-] in tool names; set "prefix" without it`);
    }
    const toolOverrides = parseOverrides(raw.toolOverrides, at('toolOverrides'), 'tools', issues);
    if (toolOverrides)
        upstream.toolOverrides = toolOverrides;
    const promptOverrides = parseOverrides(raw.promptOverrides, at('promptOverrides'), 'prompts', issues);
    if (promptOverrides)
        upstream.promptOverrides = promptOverrides;
    if (raw.sessionMode !== undefined) {
        upstream.sessionMode =
            oneOf(raw.sessionMode, at('sessionMode'), issues, SESSION_MODES) ?? 'shared';
    }
    const protocol = parseProtocol(raw, path, issues);
    if (protocol !== undefined)
        upstream.protocol = protocol;
    if (raw.approve !== undefined) {
        const approve = stringArray(raw.approve, at('approve'), issues, { nonEmptyItems: true });
        if (approve)
            upstream.approve = approve;
    }
    const transport = parseTransport(raw, path, issues);
    if (transport)
        upstream.transport = transport;
    const expand = (text, where) => substituteEnv(text, where, options.env, issues, lenient);
    if (raw.command !== undefined) {
        const command = string(raw.command, at('command'), issues, NON_EMPTY);
        if (command !== undefined)
            upstream.command = expand(command, at('command'));
    }
    if (raw.url !== undefined) {
        const written = string(raw.url, at('url'), issues);
        const url = written === undefined ? undefined : expand(written, at('url'));
        if (url !== undefined && transport && transport !== 'stdio') {
            if (checkUrl(url, transport, at('url'), issues))
                upstream.url = url;
        }
    }
    const stdioOnly = (key) => raw[key] !== undefined && transport !== undefined && transport !== 'stdio';
    const remoteOnly = (key) => raw[key] !== undefined && transport === 'stdio';
    for (const key of ['args', 'env', 'inheritEnv', 'cwd']) {
        if (stdioOnly(key))
            issues.add(at(key), `only valid with "command" (stdio), not with transport ${transport}`);
    }
    if (remoteOnly('headers'))
        issues.add(at('headers'), 'only valid with "url", not with "command"');
    if (remoteOnly('auth'))
        issues.add(at('auth'), 'only valid with "url", not with "command"');
    if (raw.auth !== undefined && transport !== 'stdio') {
        const context = {
            env: options.env,
            lenient,
            ...(options.baseDir === undefined ? {} : { baseDir: options.baseDir }),
        };
        const auth = parseUpstreamAuth(raw.auth, at('auth'), context, issues);
        if (auth)
            upstream.auth = auth;
    }
    if (raw.args !== undefined) {
        const args = stringArray(raw.args, at('args'), issues);
        if (args)
            upstream.args = substituteEnvArray(args, at('args'), options.env, issues, lenient);
    }
    if (raw.env !== undefined) {
        const env = stringRecord(raw.env, at('env'), issues);
        if (env)
            upstream.env = substituteEnvRecord(env, at('env'), options.env, issues, lenient);
    }
    if (raw.inheritEnv !== undefined) {
        upstream.inheritEnv = boolean(raw.inheritEnv, at('inheritEnv'), issues) ?? false;
    }
    if (raw.headers !== undefined) {
        const headers = stringRecord(raw.headers, at('headers'), issues);
        if (headers)
            upstream.headers = substituteEnvRecord(headers, at('headers'), options.env, issues, lenient);
    }
    if (raw.cwd !== undefined) {
        const cwd = string(raw.cwd, at('cwd'), issues, NON_EMPTY);
        if (cwd !== undefined) {
            upstream.cwd =
                isAbsolute(cwd) || options.baseDir === undefined ? cwd : resolve(options.baseDir, cwd);
        }
    }
    return upstream;
}
function parseFilter(value, path, issues) {
    if (value === undefined)
        return {};
    const raw = object(value, path, issues);
    if (!raw)
        return {};
    knownKeys(raw, path, FILTER_KEYS, issues);
    const filter = {};
    for (const key of ['allow', 'deny']) {
        if (raw[key] === undefined)
            continue;
        const globs = stringArray(raw[key], child(path, key), issues, { nonEmptyItems: true });
        if (globs)
            filter[key] = globs;
    }
    return filter;
}
//# sourceMappingURL=upstreamConfig.js.map