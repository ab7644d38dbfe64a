/**
 * The CLI's observability (core/observe/README.md): the metrics registry watching the router,
 * the `/metrics`, `/healthz`, `/readyz` answers every HTTP listener serves, and the byte
 * counters of the facades. `--no-metrics` leaves the router unobserved (no per-request cost);
 * health and readiness are still served.
 */
import { liveness, MuxMetrics, readiness, TrafficCounter, } from '../core/observe/index.js';
export function createObservability(config, metricsOn) {
    const metrics = metricsOn
        ? new MuxMetrics({
            ...(config.metrics?.trackTools === undefined
                ? {}
                : { trackTools: config.metrics.trackTools }),
            ...(config.metrics?.timeEvery === undefined ? {} : { timeEvery: config.metrics.timeEvery }),
        })
        : undefined;
    const counters = new Map();
    return {
        metrics,
        traffic(kind) {
            let counter = counters.get(kind);
            if (counter === undefined) {
                counter = new TrafficCounter();
                counters.set(kind, counter);
                const read = counter;
                metrics?.addTraffic(kind, () => read.read());
            }
            return counter;
        },
        endpoints(router) {
            metrics?.attach({ upstreams: () => upstreamSamples(router) });
            return {
                ...(metrics ? { metrics: () => metrics.scrape() } : {}),
                health: () => liveness(statusOf(router)),
                ready: () => {
                    const answer = readiness(statusOf(router), router.config.readiness ?? 'all', router.isStarted && !router.isDraining);
                    return { ...answer, body: { ...answer.body, requests: oldestRequests(router) } };
                },
            };
        },
    };
}
/** How many of the oldest routed requests in flight `/readyz` lists (what `status` shows). */
export const READY_REQUESTS = 10;
/**
 * The oldest routed requests in flight, from the router's in-flight index: upstream, method,
 * age, queued or running (and the place in the queue). No session, id or principal: `/readyz`
 * says what is stuck where, not whose it is.
 */
export const oldestRequests = (router, limit = READY_REQUESTS) => router.requests(limit).map((r) => ({
    upstream: r.upstream,
    method: r.method,
    ageMs: r.ageMs,
    state: r.state,
    ...(r.position === undefined ? {} : { queuePosition: r.position }),
}));
/** `Router.status()` (what `inspect` shows) plus each upstream's queued and running requests. */
const statusOf = (router) => router.status().map((s) => ({ ...s, ...router.upstreams.get(s.name)?.load }));
/** Each upstream as the metrics read it at scrape time. */
export function upstreamSamples(router) {
    return router.status().map((s) => {
        const upstream = router.upstreams.get(s.name);
        const load = upstream?.load ?? { queued: 0, running: 0 };
        const supervision = upstream?.supervision;
        return {
            name: s.name,
            state: s.state,
            health: s.health,
            tools: s.tools,
            queued: load.queued,
            running: load.running,
            totalRestarts: supervision?.totalRestarts ?? 0,
            lastError: supervision?.lastError ?? s.error,
        };
    });
}
//# sourceMappingURL=observe.js.map