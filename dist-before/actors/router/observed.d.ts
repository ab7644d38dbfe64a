/**
 * What the router tells a `RouterObserver` (core/observe/) about a routed request. The
 * request's milestones (admitted, sent, answered, ended) reach its observation through the
 * in-flight record (inflight.ts), which already follows the request: observing adds no
 * Observable layer and no closure per request.
 */
import type { JsonObject } from '../../core/rpc/index.js';
/** The name a routed request carries: a tool or prompt name, or a resource URI. */
export declare function requestName(params: JsonObject): string | undefined;
