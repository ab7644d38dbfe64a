/**
 * Server-initiated traffic toward the clients (legacy era): `sampling/createMessage`,
 * `elicitation/create` (and `roots/list` from an isolated connection; a shared one is answered
 * by the router from the config) from an upstream go to ONE downstream session, which must have
 * declared what the request needs; `notifications/elicitation/complete` goes to the session the
 * elicitation was sent to; a client's `notifications/roots/list_changed` goes to its own
 * isolated connections only. Decisions: actors/README.md.
 *
 * - A request from an isolated upstream connection goes to exactly its session. One from a
 *   shared connection follows `chooseSession` over `usage`, which reads the router's in-flight
 *   index (actors/router/inflight.ts).
 * - The downstream request carries `relatedRequestId` = the client request in flight that
 *   caused it when known, so an HTTP facade sends it on that request's stream.
 * - A request from a shared connection whose most recent request in flight is a modern caller's
 *   is bridged to that caller as `input_required` (modernCallers.ts, heldRounds.ts).
 * - Cancellation is unsubscription: the upstream cancelling its request (or its connection
 *   closing) unsubscribes the handler, which cancels the downstream request.
 */
import { type Observable } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { Connection, InboundContext, InboundEvent, JsonRpcNotification, JsonRpcRequest } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { ModernCallers } from './modernCallers.js';
import type { SessionUsage } from './sessionUsage.js';
/** What server-initiated routing needs from the router. */
export interface ServerRequestsHost {
    readonly log: Logger;
    /** Whether upstream `name` is configured `sessionMode: "isolated"`. */
    isIsolated(name: string): boolean;
    /** The isolated upstreams `session` has its own connection to. */
    isolatedUpstreamsOf(session: ClientSession): string[];
    /** The connection `session`'s traffic to upstream `name` uses (its own when isolated), if ready. */
    upstreamConnection(name: string, session: ClientSession): Connection | undefined;
    /**
     * The exposed id and owner of one of `upstream`'s tasks (routes/tasks.ts): a request about a
     * task (`_meta["io.modelcontextprotocol/related-task"]`) goes to the session that owns it,
     * with the id that session knows.
     */
    findTask?(upstream: string, taskId: string): {
        exposed: string;
        owner: ClientSession | undefined;
    } | undefined;
    /**
     * Whether `session` may receive what `upstream` sends (`mcpMux.access`,
     * actors/router/audience.ts); absent: every session may.
     */
    mayReceive?(session: ClientSession, upstream: string): boolean;
}
export declare class ServerRequests {
    #private;
    constructor(host: ServerRequestsHost, modern: ModernCallers, usage: SessionUsage<ClientSession>);
    /**
     * Routes one server-to-client request from `upstream` to a client session. `pinned` is the
     * session of an isolated connection. Errors (no session can take it) go back to the upstream.
     */
    request$(upstream: string, request: JsonRpcRequest, inbound: InboundContext, pinned: ClientSession | undefined): Observable<InboundEvent>;
    /** `notifications/elicitation/complete`: only to the session that saw the elicitation. */
    elicitationComplete(upstream: string, notification: JsonRpcNotification, pinned: ClientSession | undefined): void;
    /**
     * A client's roots changed: only its own (isolated) upstream connections hear it. A shared
     * upstream is never told: its `roots/list` is answered by the router from the config, so
     * one client's roots never reach it on behalf of another (upstreamInbound.ts).
     */
    rootsListChanged(session: ClientSession): void;
    /** A -32042 error of a routed request names URL elicitations whose completion goes to its session. */
    noteRequiredElicitations(error: unknown, session: ClientSession): void;
}
