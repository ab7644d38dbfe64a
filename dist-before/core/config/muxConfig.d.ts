import { type AccessRule, type FacadeAuthConfig } from './authConfig.js';
import { type Issues, type JsonObject } from './configSchema.js';
import { type GuardrailsConfig } from './guardrailsConfig.js';
import { type ObserveConfig } from './observeConfig.js';
import { type ProfileConfig } from './profilesConfig.js';
import { type RateLimitRule } from './rateLimitConfig.js';
import { type RootConfig } from './roots.js';
import { type RouterSupervisionConfig } from './supervisionConfig.js';
import { type ToolSearchConfig } from './toolSearchConfig.js';
export type ConfigLogLevel = 'debug' | 'info' | 'warn' | 'error';
/**
 * Everything `mcpMux` sets: the whole `RouterConfig` but its upstreams and warnings.
 * Supervision and shutdown keys: core/supervisionConfig.ts; `metrics`, `readiness`: observeConfig.ts.
 */
export interface MuxConfig extends RouterSupervisionConfig, ObserveConfig, GuardrailsConfig {
    separator: string;
    maxNameLength?: number;
    pageSize: number;
    logLevel: ConfigLogLevel;
    timeoutMs: number;
    maxTotalTimeoutMs?: number;
    concurrency: number;
    maxQueue: number;
    /** Default of every server's `inheritEnv`. */
    inheritEnv: boolean;
    /** Open TCP connections per network listener (CLI `--max-connections` overrides). */
    maxConnections?: number;
    /** Deepest nesting accepted in a client's message, on every facade (default 128). */
    maxJsonDepth?: number;
    /** HTTP sessions one principal (token, else address) may hold per listener (default 100). */
    maxSessionsPerPrincipal?: number;
    /**
     * Whose `X-Forwarded-For` names the client's address for the per-address session pool of
     * clients without a token: `true` (every peer is the trusted proxy) or the proxies' IP
     * addresses; absent or `false`: the header is ignored (CLI `--trust-proxy` sets `true`).
     */
    trustProxy?: boolean | string[];
    /** The facade's authentication (static tokens, JWTs): core/config/authConfig.ts. */
    auth?: FacadeAuthConfig;
    /** Which principals see which upstreams and tools; absent: everyone sees everything. */
    access?: AccessRule[];
    /** Default of every server's `roots`. */
    roots?: RootConfig[];
    /**
     * How long a client's `initialize` (and its first list calls) wait for upstreams that are
     * still starting before being answered with the ready ones (default 2000).
     */
    initializeGraceMs?: number;
    /** Secret that seals bridged `requestState`s; instances behind one balancer share it. */
    requestStateKey?: string;
    /** How long a bridged `input_required` waits for the client's retry (default 120000). */
    inputRequiredTtlMs?: number;
    /** Bridged round trips one principal may have held at once (default 100). */
    maxHeldRoundsPerPrincipal?: number;
    /** Resource URIs one modern `subscriptions/listen` may name (default 1000). */
    maxListenUris?: number;
    /** Modern `subscriptions/listen` streams one principal may hold open at once (default 16). */
    maxListensPerPrincipal?: number;
    /** Search instead of the full tool list (toolSearchConfig.ts); absent: off. */
    toolSearch?: ToolSearchConfig;
    /** Named views of the router (profilesConfig.ts): `/mcp/<name>`, `--profile NAME`. */
    profiles?: Record<string, ProfileConfig>;
    /**
     * Default of every server's `maxResultBytes`: a larger `tools/call` result is cut, the whole
     * kept as an `mcp-mux://results/<id>` resource; absent: no limit.
     */
    maxResultBytes?: number;
    /** Token buckets on `tools/call` per principal and rule (rateLimitConfig.ts); absent: none. */
    rateLimits?: RateLimitRule[];
}
/** `maxListenUris` and `maxListensPerPrincipal` when not set. */
export declare const LISTEN_DEFAULTS: {
    readonly maxListenUris: 1000;
    readonly maxListensPerPrincipal: 16;
};
export declare const CONFIG_DEFAULTS: {
    readonly separator: "__";
    readonly pageSize: 100;
    readonly logLevel: "info";
    readonly timeoutMs: 60000;
    readonly concurrency: 16;
    readonly maxQueue: 256;
    readonly inheritEnv: false;
};
/** Parses `mcpMux` (absent: the defaults), adding what is wrong to `issues`. */
export declare function parseMux(value: unknown, issues: Issues, baseDir: string | undefined, env: Record<string, string | undefined>): MuxConfig;
type Limits = Pick<MuxConfig, 'concurrency' | 'maxQueue' | 'timeoutMs' | 'maxTotalTimeoutMs' | 'maxResultBytes'>;
/** Smallest `maxResultBytes`: room for the cut marker and a little of the result. */
export declare const MIN_RESULT_BYTES = 1024;
/** The five limits shared by `mcpMux` and each server; `defaults` fill what is absent. */
export declare function parseLimits(raw: JsonObject, path: string, defaults: Limits, issues: Issues): Limits;
export {};
