import type { ItemOverrides, NameFilter } from '../catalog/index.js';
import { type UpstreamAuthConfig } from './authConfig.js';
import { type Issues } from './configSchema.js';
import { type MuxConfig } from './muxConfig.js';
import { type UpstreamProtocol } from './protocolConfig.js';
import { type RootConfig } from './roots.js';
import { type UpstreamSupervisionConfig } from './supervisionConfig.js';
import { type UpstreamTransportKind } from './transportConfig.js';
export type SessionMode = 'shared' | 'isolated';
/** Supervision keys (`restart`, `keepalive`, `initializeTimeoutMs`): core/supervisionConfig.ts. */
export interface UpstreamConfig extends UpstreamSupervisionConfig {
    /** The key under `mcpServers`. */
    name: string;
    transport: UpstreamTransportKind;
    command?: string;
    args: string[];
    /** Variables for a stdio child, over the minimal default set (or the whole env: `inheritEnv`). */
    env: Record<string, string>;
    /** Pass the router's whole environment to a stdio child (default false: a minimal set). */
    inheritEnv: boolean;
    /** Absolute when the config came from a file (resolved against the file's directory). */
    cwd?: string;
    url?: string;
    headers: Record<string, string>;
    /** OAuth toward this (HTTP) upstream: core/config/authConfig.ts. */
    auth?: UpstreamAuthConfig;
    /** Defaults to `name`; `""` exposes names unchanged. */
    prefix: string;
    sessionMode: SessionMode;
    /** The protocol era toward this upstream (absent: `auto`). */
    protocol?: UpstreamProtocol;
    concurrency: number;
    maxQueue: number;
    timeoutMs: number;
    maxTotalTimeoutMs?: number;
    /** A larger `tools/call` result is cut (actors/router/resultLimit.ts); absent: no limit. */
    maxResultBytes?: number;
    tools: NameFilter;
    prompts: NameFilter;
    /** Renames, rewrites and hides by original name (core/config/overridesConfig.ts). */
    toolOverrides?: ItemOverrides;
    promptOverrides?: ItemOverrides;
    /** Tools (globs over its own names) whose calls the user must approve (core/config/guardrailsConfig.ts). */
    approve?: string[];
    disabled: boolean;
    /** What the router answers this upstream's `roots/list` with when shared (core/config/roots.ts). */
    roots: RootConfig[];
}
/** What a server's values are read against: the config file's directory and the environment. */
export interface UpstreamContext {
    /** Relative `cwd` and `tokenFile` values are resolved against it. */
    baseDir?: string;
    /** Source of `${env:NAME}`. */
    env: Record<string, string | undefined>;
}
/** Parses `mcpServers[name]` over the defaults in `mux`; undefined when it is not an object. */
export declare function parseUpstream(name: string, value: unknown, path: string, mux: MuxConfig, options: UpstreamContext, issues: Issues): UpstreamConfig | undefined;
