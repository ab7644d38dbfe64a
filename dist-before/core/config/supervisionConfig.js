/**
 * Config for keeping upstreams alive and the router responsive: the restart policy,
 * the keepalive ping, the initialize timeout (per server, defaulting to `mcpMux`), and the
 * router-wide start-up, shutdown and downstream-buffer bounds.
 *
 * Values are stored only when written (per server: the server's keys over `mcpMux`'s), so a
 * config that does not use them parses exactly as before; `restartPolicyOf`,
 * `keepalivePolicyOf` and `SUPERVISION_DEFAULTS` fill the rest where they are used.
 */
import { child, integer, knownKeys, MAX_TIMER_MS, object, oneOf, } from './configSchema.js';
export const RESTART_DEFAULTS = {
    initialDelayMs: 500,
    maxDelayMs: 30_000,
    factor: 2,
    jitter: 'full',
    stableAfterMs: 60_000,
};
export const KEEPALIVE_DEFAULTS = {
    intervalMs: 30_000,
    timeoutMs: 10_000,
    failureThreshold: 3,
};
export const SUPERVISION_DEFAULTS = {
    initializeTimeoutMs: 30_000,
    startupTimeoutMs: 30_000,
    /** How long `initialize` waits for upstreams still starting (core/config/config.ts). */
    initializeGraceMs: 2_000,
    shutdownTimeoutMs: 10_000,
    /** How long a stdio upstream may take to exit after its stdin closes, before SIGTERM. */
    shutdownGraceMs: 2_000,
    /** 64 MiB: one maximum-size message (transports/README.md). */
    maxSessionBufferBytes: 64 * 1024 * 1024,
};
export const UPSTREAM_SUPERVISION_KEYS = [
    'restart',
    'keepalive',
    'initializeTimeoutMs',
    'shutdownGraceMs',
];
export const ROUTER_SUPERVISION_KEYS = [
    ...UPSTREAM_SUPERVISION_KEYS,
    'startupTimeoutMs',
    'shutdownTimeoutMs',
    'maxSessionBufferBytes',
];
export function restartPolicyOf(config) {
    return { ...RESTART_DEFAULTS, ...config.restart };
}
export function keepalivePolicyOf(config) {
    return { ...KEEPALIVE_DEFAULTS, ...config.keepalive };
}
const RESTART_KEYS = new Set([
    'initialDelayMs',
    'maxDelayMs',
    'factor',
    'jitter',
    'maxRestarts',
    'stableAfterMs',
]);
const KEEPALIVE_KEYS = new Set(['intervalMs', 'timeoutMs', 'failureThreshold']);
const JITTERS = ['full', 'decorrelated', 'none'];
const POSITIVE = { min: 1, max: MAX_TIMER_MS };
const NON_NEGATIVE = { min: 0, max: MAX_TIMER_MS };
/**
 * Reads the per-server supervision keys of `raw` (at `path`) over `inherited` (the `mcpMux`
 * values). Returns only the keys that are set somewhere.
 */
export function parseUpstreamSupervision(raw, path, inherited, issues) {
    const at = (key) => child(path, key);
    const out = {};
    const restart = { ...inherited.restart, ...parseRestart(raw.restart, at('restart'), issues) };
    if (Object.keys(restart).length > 0) {
        // Inherited values were checked where they were written (under mcpMux).
        if (raw.restart !== undefined)
            checkDelays(restart, at('restart'), issues);
        out.restart = restart;
    }
    const keepalive = {
        ...inherited.keepalive,
        ...parseKeepalive(raw.keepalive, at('keepalive'), issues),
    };
    if (Object.keys(keepalive).length > 0)
        out.keepalive = keepalive;
    const initialize = raw.initializeTimeoutMs === undefined
        ? inherited.initializeTimeoutMs
        : integer(raw.initializeTimeoutMs, at('initializeTimeoutMs'), issues, POSITIVE);
    if (initialize !== undefined)
        out.initializeTimeoutMs = initialize;
    const grace = raw.shutdownGraceMs === undefined
        ? inherited.shutdownGraceMs
        : integer(raw.shutdownGraceMs, at('shutdownGraceMs'), issues, NON_NEGATIVE);
    if (grace !== undefined)
        out.shutdownGraceMs = grace;
    return out;
}
/** Reads the supervision keys of `mcpMux`. */
export function parseRouterSupervision(raw, issues) {
    const out = parseUpstreamSupervision(raw, 'mcpMux', {}, issues);
    const at = (key) => child('mcpMux', key);
    if (raw.startupTimeoutMs !== undefined) {
        const value = integer(raw.startupTimeoutMs, at('startupTimeoutMs'), issues, NON_NEGATIVE);
        if (value !== undefined)
            out.startupTimeoutMs = value;
    }
    if (raw.shutdownTimeoutMs !== undefined) {
        const value = integer(raw.shutdownTimeoutMs, at('shutdownTimeoutMs'), issues, NON_NEGATIVE);
        if (value !== undefined)
            out.shutdownTimeoutMs = value;
    }
    if (raw.maxSessionBufferBytes !== undefined) {
        const range = { min: 1024, max: Number.MAX_SAFE_INTEGER };
        const value = integer(raw.maxSessionBufferBytes, at('maxSessionBufferBytes'), issues, range);
        if (value !== undefined)
            out.maxSessionBufferBytes = value;
    }
    return out;
}
function parseRestart(value, path, issues) {
    if (value === undefined)
        return {};
    const raw = object(value, path, issues);
    if (!raw)
        return {};
    knownKeys(raw, path, RESTART_KEYS, issues);
    const at = (key) => child(path, key);
    const out = {};
    const set = (key, v) => {
        if (v !== undefined)
            out[key] = v;
    };
    if (raw.initialDelayMs !== undefined)
        set('initialDelayMs', integer(raw.initialDelayMs, at('initialDelayMs'), issues, POSITIVE));
    if (raw.maxDelayMs !== undefined)
        set('maxDelayMs', integer(raw.maxDelayMs, at('maxDelayMs'), issues, POSITIVE));
    if (raw.factor !== undefined)
        set('factor', factor(raw.factor, at('factor'), issues));
    if (raw.jitter !== undefined)
        set('jitter', oneOf(raw.jitter, at('jitter'), issues, JITTERS));
    if (raw.maxRestarts !== undefined) {
        const range = { min: 0, max: Number.MAX_SAFE_INTEGER };
        set('maxRestarts', integer(raw.maxRestarts, at('maxRestarts'), issues, range));
    }
    if (raw.stableAfterMs !== undefined)
        set('stableAfterMs', integer(raw.stableAfterMs, at('stableAfterMs'), issues, NON_NEGATIVE));
    return out;
}
function parseKeepalive(value, path, issues) {
    if (value === undefined)
        return {};
    const raw = object(value, path, issues);
    if (!raw)
        return {};
    knownKeys(raw, path, KEEPALIVE_KEYS, issues);
    const at = (key) => child(path, key);
    const out = {};
    const set = (key, v) => {
        if (v !== undefined)
            out[key] = v;
    };
    if (raw.intervalMs !== undefined)
        set('intervalMs', integer(raw.intervalMs, at('intervalMs'), issues, NON_NEGATIVE));
    if (raw.timeoutMs !== undefined)
        set('timeoutMs', integer(raw.timeoutMs, at('timeoutMs'), issues, POSITIVE));
    if (raw.failureThreshold !== undefined) {
        const range = { min: 1, max: 1000 };
        set('failureThreshold', integer(raw.failureThreshold, at('failureThreshold'), issues, range));
    }
    return out;
}
function factor(value, path, issues) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > 100) {
        return issues.add(path, `expected a number from 1 to 100, got ${JSON.stringify(value)}`);
    }
    return value;
}
/** The delays must make sense once defaults are filled in. */
function checkDelays(restart, path, issues) {
    const { initialDelayMs, maxDelayMs } = { ...RESTART_DEFAULTS, ...restart };
    if (initialDelayMs > maxDelayMs) {
        issues.add(path, `initialDelayMs (${initialDelayMs}) must not exceed maxDelayMs (${maxDelayMs})`);
    }
}
//# sourceMappingURL=supervisionConfig.js.map