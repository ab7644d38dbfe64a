/**
 * MCP log levels (the RFC 5424 syslog severities, `logging/setLevel` and
 * `notifications/message`), ordered from the most verbose to the most severe.
 */
export declare const LOGGING_LEVELS: readonly ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];
/**
 * What a session receives before it calls `logging/setLevel`. The spec leaves it to the
 * server; mcp-mux delivers `info` and above (debug chatter only on request).
 */
export declare const DEFAULT_LOGGING_LEVEL: LoggingLevel;
export declare const isLoggingLevel: (value: unknown) => value is LoggingLevel;
/** 0 for `debug` … 7 for `emergency`. */
export declare const severity: (level: LoggingLevel) => number;
/** Whether a session whose minimum is `threshold` receives a message at `level`. */
export declare const admits: (threshold: LoggingLevel, level: LoggingLevel) => boolean;
/** The most verbose of some levels (the level to ask of an upstream several sessions share). */
export declare function mostVerbose(levels: Iterable<LoggingLevel>): LoggingLevel | undefined;
