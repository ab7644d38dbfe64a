import type { ClientInfo, LoggingLevel, RequestContext } from '../../core/mcp/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
export type DownstreamSessionContext = RequestContext;
export type DownstreamSessionEvent = {
    type: 'INITIALIZE';
    protocolVersion: string;
    clientCapabilities: JsonObject;
    clientInfo: ClientInfo | undefined;
} | {
    type: 'INITIALIZED';
}
/** Asks (with `can`) or tells (while initializing) that a request with `method` arrived. */
 | {
    type: 'REQUEST';
    method: string;
} | {
    type: 'SET_LOG_LEVEL';
    level: LoggingLevel;
}
/** Asked with `can` only: may a notification go to the client now? */
 | {
    type: 'NOTIFY';
}
/** The router closes the session. */
 | {
    type: 'CLOSE';
}
/** The transport closed (either side). */
 | {
    type: 'CLOSED';
};
export declare const downstreamSessionMachine: import("xstate").StateMachine<RequestContext, DownstreamSessionEvent, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<void, import("xstate").NonReducibleUnknown, import("xstate").EventObject>> | undefined;
}, {
    src: "closeConnection";
    logic: import("xstate").PromiseActorLogic<void, import("xstate").NonReducibleUnknown, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "accept";
    params: unknown;
} | {
    type: "setLogLevel";
    params: unknown;
}, {
    type: "isPing";
    params: unknown;
} | {
    type: "isRouted";
    params: unknown;
}, never, "closed" | "awaitingInitialize" | "initializing" | "ready" | "closing", string, {
    sessionId: string;
}, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "downstreamSession";
    states: {
        readonly awaitingInitialize: {};
        readonly initializing: {};
        readonly ready: {};
        readonly closing: {};
        readonly closed: {};
    };
}, import("xstate").MetaObject>;
