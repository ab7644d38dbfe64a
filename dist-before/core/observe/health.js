/**
 * `/healthz` (liveness) and `/readyz` (readiness) answers. Liveness: the process serves HTTP.
 * Readiness follows `mcpMux.readiness`: `"all"` (every enabled upstream ready, the default),
 * `"any"` (at least one), or a list of upstream names (each of them ready). The body lists
 * every upstream's state as `mcp-mux inspect` shows it.
 */
export function liveness(upstreams) {
    return { status: 200, body: { status: 'ok', upstreams } };
}
/**
 * `started`: the router's start-up has settled and it is not shutting down (not ready
 * otherwise, whatever the rule).
 */
export function readiness(upstreams, rule, started) {
    const ready = new Set(upstreams.filter((u) => u.state === 'ready').map((u) => u.name));
    let notReady;
    let ok;
    if (rule === 'any') {
        ok = ready.size > 0;
        notReady = ok ? [] : upstreams.map((u) => u.name);
    }
    else {
        const needed = rule === 'all' ? upstreams.map((u) => u.name) : rule;
        notReady = needed.filter((name) => !ready.has(name));
        ok = notReady.length === 0;
    }
    ok &&= started;
    return {
        status: ok ? 200 : 503,
        body: { status: ok ? 'ready' : 'not ready', rule, notReady, upstreams },
    };
}
//# sourceMappingURL=health.js.map