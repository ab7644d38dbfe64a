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
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { handshake } from './handshake.js';
export { initializeUpstream } from './handshake.js';
import { describeClose } from './upstreamErrors.js';
const describe = (error) => error instanceof Error ? error.message : String(error);
export const upstreamSessionMachine = setup({
    types: {
        input: {},
        context: {},
        events: {},
        output: {},
    },
    actors: {
        connect: fromPromise(({ input, signal }) => input.open(signal)),
        initialize: fromPromise(({ input, signal }) => {
            if (!input.connection)
                throw new Error('no connection');
            return handshake({
                ...input,
                connection: input.connection,
                protocol: input.protocol ?? 'legacy',
                modernCapabilities: input.modernCapabilities ?? {},
                timeoutMs: input.initializeTimeoutMs,
                signal,
                onSilentProbe: (reason) => input.log?.warn(`upstream ${input.name}: ${reason}: taken for a legacy server (set "protocol" to skip the probe)`),
            });
        }),
        watchTransport: fromCallback(({ input, sendBack }) => {
            const subscription = input?.closed$.subscribe((reason) => sendBack({ type: 'TRANSPORT_CLOSED', reason: describeClose(reason) }));
            return () => subscription?.unsubscribe();
        }),
        closeConnection: fromPromise(async ({ input }) => {
            await input?.close();
        }),
    },
    actions: {
        closeQuietly: ({ context }) => {
            context.connection?.close().catch(() => { });
        },
    },
}).createMachine({
    id: 'upstreamSession',
    output: ({ context }) => ({
        state: context.error === undefined ? 'closed' : 'failed',
        error: context.error,
        connection: context.connection,
        server: context.server,
    }),
    context: ({ input }) => ({
        ...input,
        connection: undefined,
        server: undefined,
        error: undefined,
    }),
    initial: 'connecting',
    on: {
        CLOSE: '.closing',
        FAIL: { target: '.failed', actions: assign({ error: ({ event }) => event.reason }) },
    },
    states: {
        connecting: {
            invoke: {
                src: 'connect',
                input: ({ context }) => context,
                onDone: {
                    target: 'initializing',
                    actions: assign({ connection: ({ event }) => event.output }),
                },
                onError: {
                    target: 'failed',
                    actions: assign({ error: ({ event }) => `connect failed: ${describe(event.error)}` }),
                },
            },
        },
        initializing: {
            invoke: [
                {
                    src: 'initialize',
                    input: ({ context }) => context,
                    onDone: { target: 'ready', actions: assign({ server: ({ event }) => event.output }) },
                    onError: {
                        target: 'failed',
                        actions: assign({
                            error: ({ event }) => `initialize failed: ${describe(event.error)}`,
                        }),
                    },
                },
            ],
        },
        ready: {
            invoke: { src: 'watchTransport', input: ({ context }) => context.connection },
            on: {
                TRANSPORT_CLOSED: {
                    target: 'failed',
                    actions: assign({ error: ({ event }) => `transport closed: ${event.reason}` }),
                },
            },
        },
        closing: {
            invoke: {
                src: 'closeConnection',
                input: ({ context }) => context.connection,
                onDone: 'closed',
                onError: 'closed',
            },
        },
        closed: { type: 'final' },
        failed: { type: 'final', entry: 'closeQuietly' },
    },
});
//# sourceMappingURL=upstreamSession.js.map