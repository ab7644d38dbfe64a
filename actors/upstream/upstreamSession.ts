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
import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { UpstreamProtocol } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, LegacyVersion } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
import { handshake, type UpstreamServerInfo } from './handshake.js';

export { initializeUpstream, type UpstreamServerInfo } from './handshake.js';

import { describeClose } from './upstreamErrors.js';

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

export type UpstreamSessionEvent =
  | { type: 'CLOSE' }
  | { type: 'TRANSPORT_CLOSED'; reason: string }
  /** The supervisor gave up on this connection (keepalive): fail it with `reason`. */
  | { type: 'FAIL'; reason: string };

/** What a finished session tells its supervisor: why it ended (undefined when closed cleanly). */
export interface UpstreamSessionOutput {
  state: 'failed' | 'closed';
  error: string | undefined;
  /** The connection it held (closed or closing), so the owner can still read it. */
  connection: Connection | undefined;
  server: UpstreamServerInfo | undefined;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const upstreamSessionMachine = setup({
  types: {
    input: {} as UpstreamSessionInput,
    context: {} as UpstreamSessionContext,
    events: {} as UpstreamSessionEvent,
    output: {} as UpstreamSessionOutput,
  },
  actors: {
    connect: fromPromise<Connection, UpstreamSessionInput>(({ input, signal }) =>
      input.open(signal),
    ),
    initialize: fromPromise<UpstreamServerInfo, UpstreamSessionContext>(({ input, signal }) => {
      if (!input.connection) throw new Error('no connection');
      return handshake({
        ...input,
        connection: input.connection,
        protocol: input.protocol ?? 'legacy',
        modernCapabilities: input.modernCapabilities ?? {},
        timeoutMs: input.initializeTimeoutMs,
        signal,
        onSilentProbe: (reason) =>
          input.log?.warn(
            `upstream ${input.name}: ${reason}: taken for a legacy server (set "protocol" to skip the probe)`,
          ),
      });
    }),
    watchTransport: fromCallback<UpstreamSessionEvent, Connection | undefined>(
      ({ input, sendBack }) => {
        const subscription = input?.closed$.subscribe((reason) =>
          sendBack({ type: 'TRANSPORT_CLOSED', reason: describeClose(reason) }),
        );
        return () => subscription?.unsubscribe();
      },
    ),
    closeConnection: fromPromise<void, Connection | undefined>(async ({ input }) => {
      await input?.close();
    }),
  },
  actions: {
    closeQuietly: ({ context }) => {
      context.connection?.close().catch(() => {});
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

export type UpstreamSessionSnapshot = SnapshotFrom<typeof upstreamSessionMachine>;
