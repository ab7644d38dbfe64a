/**
 * The lifecycle of one connection to one upstream server:
 *
 *   connecting ──► initializing ──► ready ──► closing ──► closed
 *        │               │            │
 *        └───────────────┴────────────┴──► failed
 *
 * `connecting` opens the transport, `initializing` finds the upstream's era and starts it
 * (handshake.ts: the `server/discover` probe, then for a legacy upstream `initialize`, the
 * version check and `notifications/initialized`). `failed` and `closed` are final:
 * restarting is the supervisor's job, which starts a fresh session.
 */
import { type SnapshotFrom } from 'xstate';
import type { UpstreamProtocol } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, LegacyVersion } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
import { type UpstreamServerInfo } from './handshake.js';
export { initializeUpstream, type UpstreamServerInfo } from './handshake.js';
export interface UpstreamSessionInput {
    name: string;
    open: (signal: AbortSignal) => Promise<Connection>;
    clientInfo: ClientInfo;
    capabilities: JsonObject;
    protocolVersion: LegacyVersion;
    initializeTimeoutMs: number;
    /** Which era to speak (default `legacy`: `initialize` only; `Upstream` passes its config's). */
    protocol?: UpstreamProtocol;
    /** What mcp-mux's own modern requests declare (default `{}`). */
    modernCapabilities?: JsonObject;
    /** Where a probe without an answer is reported. */
    log?: Logger;
}
export interface UpstreamSessionContext extends UpstreamSessionInput {
    connection: Connection | undefined;
    server: UpstreamServerInfo | undefined;
    error: string | undefined;
}
export type UpstreamSessionEvent = {
    type: 'CLOSE';
} | {
    type: 'TRANSPORT_CLOSED';
    reason: string;
}
/** The supervisor gave up on this connection (keepalive): fail it with `reason`. */
 | {
    type: 'FAIL';
    reason: string;
};
/** What a finished session tells its supervisor: why it ended (undefined when closed cleanly). */
export interface UpstreamSessionOutput {
    state: 'failed' | 'closed';
    error: string | undefined;
    /** The connection it held (closed or closing), so the owner can still read it. */
    connection: Connection | undefined;
    server: UpstreamServerInfo | undefined;
}
export declare const upstreamSessionMachine: import("xstate").StateMachine<UpstreamSessionContext, UpstreamSessionEvent, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<Connection, UpstreamSessionInput, import("xstate").EventObject> | import("xstate").PromiseActorLogic<UpstreamServerInfo, UpstreamSessionContext, import("xstate").EventObject> | import("xstate").CallbackActorLogic<UpstreamSessionEvent, Connection | undefined, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, Connection | undefined, import("xstate").EventObject>> | undefined;
}, {
    src: "initialize";
    logic: import("xstate").PromiseActorLogic<UpstreamServerInfo, UpstreamSessionContext, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "closeConnection";
    logic: import("xstate").PromiseActorLogic<void, Connection | undefined, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "connect";
    logic: import("xstate").PromiseActorLogic<Connection, UpstreamSessionInput, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "watchTransport";
    logic: import("xstate").CallbackActorLogic<UpstreamSessionEvent, Connection | undefined, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "closeQuietly";
    params: unknown;
}, never, never, "closed" | "initializing" | "ready" | "closing" | "failed" | "connecting", string, UpstreamSessionInput, UpstreamSessionOutput, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "upstreamSession";
    states: {
        readonly connecting: {};
        readonly initializing: {};
        readonly ready: {};
        readonly closing: {};
        readonly closed: {};
        readonly failed: {};
    };
}, import("xstate").MetaObject>;
export type UpstreamSessionSnapshot = SnapshotFrom<typeof upstreamSessionMachine>;
