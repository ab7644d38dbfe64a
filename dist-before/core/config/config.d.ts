import { LocalError } from '../errors/index.js';
import { type ConfigIssue } from './configSchema.js';
import { type MuxConfig } from './muxConfig.js';
import { type UpstreamConfig } from './upstreamConfig.js';
export type { NameFilter } from '../catalog/index.js';
export type { AccessRule, FacadeAuthConfig, JwtConfig, UpstreamAuthConfig } from './authConfig.js';
export type { ConfigIssue } from './configSchema.js';
export { CONFIG_DEFAULTS, type ConfigLogLevel, LISTEN_DEFAULTS } from './muxConfig.js';
export { UPSTREAM_PROTOCOLS, type UpstreamProtocol } from './protocolConfig.js';
export type { RootConfig } from './roots.js';
export type { UpstreamTransportKind } from './transportConfig.js';
export type { SessionMode, UpstreamConfig } from './upstreamConfig.js';
/** The `mcpMux` options (muxConfig.ts), the servers, and what loading warned about. */
export interface RouterConfig extends MuxConfig {
    /** In file order (see README for integer-like keys), disabled ones included. */
    upstreams: UpstreamConfig[];
    /** What loading noticed without refusing the file (ignored client keys, duplicates…). */
    warnings?: string[];
}
/** Invalid config: `issues` holds every problem found; the message lists them one per line. */
export declare class ConfigError extends LocalError {
    readonly issues: ConfigIssue[];
    /** The config file, when the config came from one. */
    readonly file: string | undefined;
    constructor(issues: ConfigIssue[], file?: string);
}
export interface ParseConfigOptions {
    /** Relative `cwd` values are resolved against it (the config file's directory). */
    baseDir?: string;
    /** Source of `${env:NAME}`; defaults to `process.env`. */
    env?: Record<string, string | undefined>;
}
/** Validates a parsed config value and fills in defaults. @throws ConfigError */
export declare function parseConfig(value: unknown, options?: ParseConfigOptions): RouterConfig;
/**
 * One `mcpServers` entry, validated as in a file, over the running config's `mcpMux` defaults
 * (`Router.addUpstream`). @throws ConfigError (paths `mcpServers.<name>…`)
 */
export declare function parseUpstreamEntry(name: string, value: unknown, current: RouterConfig, options?: ParseConfigOptions): UpstreamConfig;
/** A parsed `RouterConfig` as it is, or a raw config object (the file's format) parsed. */
export declare function toRouterConfig(config: RouterConfig | Record<string, unknown>): RouterConfig;
/**
 * Reads and parses a JSON config file. @throws ConfigError naming the file: unreadable file,
 * JSON syntax error (issue path `<file>:<line>:<column>`), or any config issue.
 */
export declare function loadConfigFile(path: string, options?: {
    env?: Record<string, string | undefined>;
}): Promise<RouterConfig>;
