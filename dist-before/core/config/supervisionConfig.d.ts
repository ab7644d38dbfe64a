/**
 * Config for keeping upstreams alive and the router responsive: the restart policy,
 * the keepalive ping, the initialize timeout (per server, defaulting to `mcpMux`), and the
 * router-wide start-up, shutdown and downstream-buffer bounds.
 *
 * Values are stored only when written (per server: the server's keys over `mcpMux`'s), so a
 * config that does not use them parses exactly as before; `restartPolicyOf`,
 * `keepalivePolicyOf` and `SUPERVISION_DEFAULTS` fill the rest where they are used.
 */
import { type Issues, type JsonObject } from './configSchema.js';
/** `full`: uniform in [initial, cap]; `decorrelated`: uniform in [initial, previous × factor]. */
export type JitterKind = 'full' | 'decorrelated' | 'none';
export interface RestartPolicy {
    /** First delay, and the floor of every delay (≥ 1: a crash loop never spins). */
    initialDelayMs: number;
    /** Cap on every delay. */
    maxDelayMs: number;
    /** Growth per consecutive restart (≥ 1). */
    factor: number;
    jitter: JitterKind;
    /** Consecutive restarts before giving up (the upstream stays down until a reload). */
    maxRestarts?: number;
    /** Ready this long without trouble → the restart count resets (and `degraded` ends). */
    stableAfterMs: number;
}
export interface KeepalivePolicy {
    /** Time between pings while ready; 0 turns keepalive off. */
    intervalMs: number;
    /** A ping not answered within this is a failure. */
    timeoutMs: number;
    /** Consecutive failures that count as the upstream having failed (it is restarted). */
    failureThreshold: number;
}
export type RestartConfig = Partial<RestartPolicy>;
export type KeepaliveConfig = Partial<KeepalivePolicy>;
/** The per-server keys (also valid under `mcpMux`, as defaults for every server). */
export interface UpstreamSupervisionConfig {
    restart?: RestartConfig;
    keepalive?: KeepaliveConfig;
    initializeTimeoutMs?: number;
    /**
     * How long a stdio upstream may take to exit after its stdin is closed at shutdown, before
     * SIGTERM (transports/stdioClient.ts; default 2000).
     */
    shutdownGraceMs?: number;
}
/** The router-wide keys (under `mcpMux` only). */
export interface RouterSupervisionConfig extends UpstreamSupervisionConfig {
    /** How long facade `initialize` and list calls wait for the upstreams at start-up. */
    startupTimeoutMs?: number;
    /** How long a shutdown lets in-flight requests finish before cancelling them. */
    shutdownTimeoutMs?: number;
    /** Bound on bytes queued for one downstream client; past it the client is disconnected. */
    maxSessionBufferBytes?: number;
}
export declare const RESTART_DEFAULTS: RestartPolicy;
export declare const KEEPALIVE_DEFAULTS: KeepalivePolicy;
export declare const SUPERVISION_DEFAULTS: {
    readonly initializeTimeoutMs: 30000;
    readonly startupTimeoutMs: 30000;
    /** How long `initialize` waits for upstreams still starting (core/config/config.ts). */
    readonly initializeGraceMs: 2000;
    readonly shutdownTimeoutMs: 10000;
    /** How long a stdio upstream may take to exit after its stdin closes, before SIGTERM. */
    readonly shutdownGraceMs: 2000;
    /** 64 MiB: one maximum-size message (transports/README.md). */
    readonly maxSessionBufferBytes: number;
};
export declare const UPSTREAM_SUPERVISION_KEYS: readonly ["restart", "keepalive", "initializeTimeoutMs", "shutdownGraceMs"];
export declare const ROUTER_SUPERVISION_KEYS: readonly ["restart", "keepalive", "initializeTimeoutMs", "shutdownGraceMs", "startupTimeoutMs", "shutdownTimeoutMs", "maxSessionBufferBytes"];
export declare function restartPolicyOf(config: UpstreamSupervisionConfig): RestartPolicy;
export declare function keepalivePolicyOf(config: UpstreamSupervisionConfig): KeepalivePolicy;
/**
 * Reads the per-server supervision keys of `raw` (at `path`) over `inherited` (the `mcpMux`
 * values). Returns only the keys that are set somewhere.
 */
export declare function parseUpstreamSupervision(raw: JsonObject, path: string, inherited: UpstreamSupervisionConfig, issues: Issues): UpstreamSupervisionConfig;
/** Reads the supervision keys of `mcpMux`. */
export declare function parseRouterSupervision(raw: JsonObject, issues: Issues): RouterSupervisionConfig;
