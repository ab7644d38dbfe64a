/**
 * `/healthz` (liveness) and `/readyz` (readiness) answers. Liveness: the process serves HTTP.
 * Readiness follows `mcpMux.readiness`: `"all"` (every enabled upstream ready, the default),
 * `"any"` (at least one), or a list of upstream names (each of them ready). The body lists
 * every upstream's state as `mcp-mux inspect` shows it.
 */
export type ReadinessRule = 'all' | 'any' | readonly string[];
/** An upstream as `Router.status()` gives it (only `name` and `state` are read here). */
export interface HealthUpstream {
    name: string;
    state: string;
    [key: string]: unknown;
}
/** One routed request in flight, as `/readyz` lists the oldest (no session, id or principal). */
export interface RequestSummary {
    readonly upstream: string;
    readonly method: string;
    readonly ageMs: number;
    readonly state: 'queued' | 'running' | 'done';
    /** 0-based place in the upstream's queue, while queued. */
    readonly queuePosition?: number;
}
export interface HealthAnswer {
    status: number;
    body: {
        status: 'ok' | 'ready' | 'not ready';
        rule?: ReadinessRule;
        /** Names the rule needs that are not ready. */
        notReady?: string[];
        /** `/readyz`: the oldest routed requests in flight, oldest first. */
        requests?: RequestSummary[];
        upstreams: HealthUpstream[];
    };
}
export declare function liveness(upstreams: HealthUpstream[]): HealthAnswer;
/**
 * `started`: the router's start-up has settled and it is not shutting down (not ready
 * otherwise, whatever the rule).
 */
export declare function readiness(upstreams: HealthUpstream[], rule: ReadinessRule, started: boolean): HealthAnswer;
