/**
 * One request through an upstream's admission queue (`Upstream.request$`): a cold Observable
 * whose subscription is one object (`Run`): the admission task, the subscriber of the
 * connection's request (a `Subscription` that is also its `Observer`, so RxJS uses it as it is
 * and adds the request's teardown to it) and the teardown.
 *
 * What it does, in order: no ready connection → -32011 at once; admitted by the queue or
 * refused (-32010, `overloaded`); when it gets a slot, its limits are reduced by its wait
 * (`rest`), a modern upstream's request gets its `_meta` (modernCalls.ts), and it runs on the
 * connection; results lose the upstream's own serverInfo (core/mcp/upstreamIdentity.ts);
 * failures are explained (`explainFailure`: the upstream and the reason).
 */
import { Observable } from 'rxjs';
import type { LocalError, RpcError } from '../../core/errors/index.js';
import type { Connection, JsonObject, RequestEvent, RequestOptions } from '../../core/rpc/index.js';
import type { Admission, AdmissionTicket } from './admission.js';
import type { UpstreamServerInfo } from './handshake.js';
import type { ModernCalls } from './modernCalls.js';
/** What a call reads of its upstream (`Upstream` gives one of these, made once). */
export interface CallHost {
    readonly name: string;
    readonly connection: Connection | undefined;
    readonly server: UpstreamServerInfo | undefined;
    readonly queue: Admission;
    readonly modern: ModernCalls;
    unavailable(): RpcError;
    overloaded(): RpcError;
    /** The error of a request whose deadline passed while it waited for a slot. */
    expired(method: string, limit: number, idle: boolean): LocalError;
    /** The reason given to requests failed by a close that mcp-mux made. */
    localReason(): string | undefined;
}
/** What one call is: the method, its params and options, its queue lane. */
export interface CallSpec {
    readonly method: string;
    readonly params: JsonObject;
    readonly options: RequestOptions;
    readonly lane: string;
    readonly onAdmit: ((ticket: AdmissionTicket) => void) | undefined;
}
/** The cold Observable of one upstream request; each subscription is one `Run`. */
export declare function upstreamCall$(host: CallHost, call: CallSpec): Observable<RequestEvent>;
