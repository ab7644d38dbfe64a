/**
 * The one call path of a routed request toward one upstream (`Forwarder.forward`): refuses it
 * while shutting down or when the upstream cannot serve it, picks the connection (shared, or
 * the session's own when isolated; a legacy session's to a dual-era upstream: its legacy one), sets the request's deadlines from the upstream's config,
 * opens its in-flight record (inflight.ts), lets the bridge choose how the call crosses eras
 * (actors/bridge/), and tells the observer (metrics, traces) its milestones.
 */
import type { Observable } from 'rxjs';
import type { RouterObserver } from '../../core/observe/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import type { Bridge } from '../bridge/index.js';
import type { Caller } from '../downstream/index.js';
import { type ResultStore } from '../routes/index.js';
import type { InflightIndex } from './inflight.js';
import type { UpstreamPool } from './upstreamPool.js';
export interface ForwarderOptions {
    readonly upstreams: UpstreamPool;
    readonly inflight: InflightIndex;
    readonly bridge: Bridge;
    readonly observer: RouterObserver | undefined;
    /** Where `maxResultBytes` keeps the whole of the results it cut (resultLimit.ts). */
    readonly results: ResultStore;
    /** Shutting down: no new requests are accepted. */
    draining(): boolean;
}
export declare class Forwarder {
    #private;
    constructor(options: ForwarderOptions);
    /**
     * Sends a routed request to upstream `name`; progress only when the caller asked for it.
     * @throws RpcError when it cannot be sent at all (shutting down, unknown upstream).
     */
    forward(name: string, method: string, params: JsonObject, caller: Caller): Observable<RequestEvent>;
}
