/**
 * The modern (2026-07-28) request path: no session, no handshake. Each request brings its
 * context in `_meta` (core/mcp/modernRequest.ts); the router answers `server/discover` and
 * `subscriptions/listen` itself, routes the rest through the same method table as legacy
 * sessions (with no session: isolated upstreams are legacy-only; server-to-client requests
 * of a legacy upstream are bridged to `input_required`, actors/router/modernCallers.ts), and decorates every result (`resultType`, caching hints).
 *
 * Methods the modern era removed (`ping`, `logging/setLevel`, `resources/subscribe`, …) and
 * any other method not in `MODERN_METHODS` answer -32601.
 */
import { type Observable } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { InboundContext, InboundEvent, JsonRpcRequest } from '../../core/rpc/index.js';
import type { SessionHost } from './host.js';
import type { Listens } from './statelessListen.js';
/** Methods a modern client may call on the router; all others are -32601. */
export declare const MODERN_METHODS: ReadonlySet<string>;
export interface StatelessCaller {
    /** The id of the connection the request came on (log lines, fair queue lane). */
    connectionId: string;
    /** Who is asking (the transport's identity), for the access policy. */
    identity: Principal | undefined;
    /** The connection's profile (`mcpMux.profiles`); undefined: the whole router. */
    profile?: string | undefined;
    inbound: InboundContext;
    listens: Listens;
    /** Who is asking, as the transport authenticated it (HTTP bearer token); a `requestState` is bound to it. */
    principal: string | undefined;
}
/** Answers one modern request (throws the spec's errors synchronously). */
export declare function statelessRequest(host: SessionHost, request: JsonRpcRequest, caller: StatelessCaller): Observable<InboundEvent>;
