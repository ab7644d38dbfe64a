/**
 * `Router.events$`: what happens in a router, as typed events, for embedders (dashboards,
 * agent frameworks) that would otherwise poll `status()`. The shape is part of the public API
 * (`RouterEvent`, a union discriminated by `type`): fields may be added, none removed or
 * renamed.
 *
 * Cost: nothing is built unless someone subscribes. Every source asks `RouterEvents.active`
 * (the Subject's `observed`, one property read) before it builds an event; the routed path
 * wraps a request to watch for refusals only then.
 */
import { Observable } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { CatalogKind } from '../../core/catalog/index.js';
import type { InboundEvent, JsonRpcRequest } from '../../core/rpc/index.js';
import type { Health, UpstreamState } from '../upstream/index.js';
/** Why a call was refused (`call.refused`). */
export type RefusalReason = 'unavailable' | 'unknown' | 'denied' | 'rate-limited';
export type RouterEvent = 
/** An upstream's connection changed state (`closed` also when it was removed). */
{
    readonly type: 'upstream.state';
    readonly upstream: string;
    readonly state: UpstreamState;
    /** Why it failed or closed, when known. */
    readonly error?: string;
}
/** An upstream's health changed (`ready` / `degraded` / `down`; supervision, keepalive). */
 | {
    readonly type: 'upstream.health';
    readonly upstream: string;
    readonly health: Health;
    readonly previous: Health;
}
/** An upstream's part of one list changed (fetched, refetched after `list_changed`, or gone). */
 | {
    readonly type: 'catalog.changed';
    readonly upstream: string;
    readonly list: CatalogKind;
}
/** A downstream session opened (`transport`: the label given to `connect`, `library` for `callTool`'s). */
 | {
    readonly type: 'session.opened';
    readonly sessionId: string;
    readonly transport: string;
    readonly principal?: Principal;
} | {
    readonly type: 'session.closed';
    readonly sessionId: string;
    readonly reason: string;
}
/**
 * A routed call was refused or failed for a router reason: its upstream is down or not
 * configured (`unavailable`), the name or URI is unknown (`unknown`), the access rules deny
 * it (`denied`), or the upstream's queue is full (`rate-limited`, -32010).
 */
 | {
    readonly type: 'call.refused';
    readonly reason: RefusalReason;
    readonly method: string;
    /** The tool or prompt name, or resource URI, the client asked for. */
    readonly name?: string;
    readonly upstream?: string;
    readonly sessionId?: string;
    readonly principal?: Principal;
    readonly code: number;
    readonly message: string;
};
/** The refusal an error is, or undefined for any other failure (an upstream's own error). */
export declare function refusalOf(error: unknown): RefusalReason | undefined;
/** Who asked, as a refusal names them. */
export interface RefusedCaller {
    readonly sessionId?: string | undefined;
    readonly principal?: Principal | undefined;
}
export declare class RouterEvents {
    #private;
    readonly events$: Observable<RouterEvent>;
    /** Someone subscribes: only then are events built. */
    get active(): boolean;
    emit(event: RouterEvent): void;
    /** Completes `events$` (router closed). */
    complete(): void;
    /**
     * A routed request watched for refusals (call only when `active`): a route's synchronous
     * throw and an error of its Observable become `call.refused` when `refusalOf` names them.
     */
    watch(request: JsonRpcRequest, caller: RefusedCaller, run: () => Observable<InboundEvent>): Observable<InboundEvent>;
}
