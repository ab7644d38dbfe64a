/**
 * The lifecycle of one downstream client session (legacy era), and what it allows:
 *
 *   awaitingInitialize ──INITIALIZE──► initializing ──INITIALIZED / a routed request──► ready
 *          │                                 │                                          │
 *          └──────────────── CLOSE ──► closing (invokes closeConnection) ──► closed ◄──┘
 *                                         (CLOSED: the transport closed, from any state)
 *
 * The machine owns the session's context (a `RequestContext`: protocol version, client
 * capabilities and info, log level) and decides, by guards, what each state allows:
 * - `REQUEST { method }`: `ping` always (until closing); `initialize` never (it is its own
 *   event); any other method once initialized. Asked with `snapshot.can(...)` on the hot path,
 *   sent only while `initializing` (a request before `notifications/initialized` is served and
 *   readies the session: lenient, as the SDKs are).
 * - `INITIALIZE`: only before initialize; `SET_LOG_LEVEL` and `NOTIFY` once initialize arrived.
 * - Tag `open`: the session may still be used (not closing or closed).
 * A stateless (2026-07-28) request needs no session and so no machine: its context comes
 * in `_meta` and it is routed directly (actors/downstream/README.md).
 */
import { assign, fromPromise, setup } from 'xstate';
const isRequest = (event, method) => event.type === 'REQUEST' && event.method === method;
export const downstreamSessionMachine = setup({
    types: {
        input: {},
        context: {},
        events: {},
    },
    actors: {
        /** Closes the session's connection; the session provides it (`machine.provide`). */
        closeConnection: fromPromise(async () => { }),
    },
    guards: {
        isPing: ({ event }) => isRequest(event, 'ping'),
        /** A method routed to the facade: anything but the lifecycle's own `initialize`. */
        isRouted: ({ event }) => event.type === 'REQUEST' && event.method !== 'initialize',
    },
    actions: {
        /**
         * Marks a targetless transition as taken (XState's `can` counts a transition only when it
         * changes state or has actions); the request itself is run by the session.
         */
        accept: () => { },
        setLogLevel: assign(({ event }) => event.type === 'SET_LOG_LEVEL' ? { logLevel: event.level } : {}),
    },
}).createMachine({
    id: 'downstreamSession',
    context: ({ input }) => ({
        sessionId: input.sessionId,
        protocolVersion: '',
        clientCapabilities: {},
        clientInfo: undefined,
    }),
    initial: 'awaitingInitialize',
    on: { CLOSE: '.closing', CLOSED: '.closed' },
    states: {
        awaitingInitialize: {
            tags: ['open'],
            on: {
                REQUEST: { guard: 'isPing', actions: 'accept' },
                INITIALIZE: {
                    target: 'initializing',
                    actions: assign({
                        protocolVersion: ({ event }) => event.protocolVersion,
                        clientCapabilities: ({ event }) => event.clientCapabilities,
                        clientInfo: ({ event }) => event.clientInfo,
                    }),
                },
            },
        },
        initializing: {
            tags: ['open'],
            on: {
                INITIALIZED: 'ready',
                SET_LOG_LEVEL: { actions: 'setLogLevel' },
                NOTIFY: { actions: 'accept' },
                REQUEST: [
                    { guard: 'isPing', actions: 'accept' },
                    { guard: 'isRouted', target: 'ready' },
                ],
            },
        },
        ready: {
            tags: ['open'],
            on: {
                REQUEST: { guard: 'isRouted', actions: 'accept' },
                SET_LOG_LEVEL: { actions: 'setLogLevel' },
                NOTIFY: { actions: 'accept' },
            },
        },
        closing: {
            on: { CLOSE: {} },
            invoke: { src: 'closeConnection', onDone: 'closed', onError: 'closed' },
        },
        closed: { type: 'final', on: { CLOSE: {}, CLOSED: {} } },
    },
});
//# sourceMappingURL=downstreamSession.js.map