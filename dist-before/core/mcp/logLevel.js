/**
 * MCP log levels (the RFC 5424 syslog severities, `logging/setLevel` and
 * `notifications/message`), ordered from the most verbose to the most severe.
 */
export const LOGGING_LEVELS = [
    'debug',
    'info',
    'notice',
    'warning',
    'error',
    'critical',
    'alert',
    'emergency',
];
/**
 * What a session receives before it calls `logging/setLevel`. The spec leaves it to the
 * server; mcp-mux delivers `info` and above (debug chatter only on request).
 */
export const DEFAULT_LOGGING_LEVEL = 'info';
export const isLoggingLevel = (value) => typeof value === 'string' && LOGGING_LEVELS.includes(value);
/** 0 for `debug` … 7 for `emergency`. */
export const severity = (level) => LOGGING_LEVELS.indexOf(level);
/** Whether a session whose minimum is `threshold` receives a message at `level`. */
export const admits = (threshold, level) => severity(level) >= severity(threshold);
/** The most verbose of some levels (the level to ask of an upstream several sessions share). */
export function mostVerbose(levels) {
    let best;
    for (const level of levels) {
        if (best === undefined || severity(level) < severity(best))
            best = level;
    }
    return best;
}
//# sourceMappingURL=logLevel.js.map