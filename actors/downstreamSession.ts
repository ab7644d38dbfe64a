/**
 * The lifecycle of one downstream client session (legacy era):
 *
 *   awaitingInitialize ──initialize──► initializing ──initialized──► ready ──► closed
 *
 * Before `initialize` only `ping` is answered; everything else gets a clear error. A client
 * that sends a request before `notifications/initialized` is let through (lenient, as the
 * SDKs are) and the session moves to `ready`.
 */
import { assign, setup } from 'xstate';
import type { ClientInfo } from '../core/context.js';
import type { JsonObject } from '../core/jsonrpc.js';

export interface DownstreamSessionContext {
  sessionId: string;
  protocolVersion: string | undefined;
  clientCapabilities: JsonObject;
  clientInfo: ClientInfo | undefined;
}

export type DownstreamSessionEvent =
  | {
      type: 'INITIALIZE';
      protocolVersion: string;
      clientCapabilities: JsonObject;
      clientInfo: ClientInfo | undefined;
    }
  | { type: 'INITIALIZED' }
  | { type: 'REQUEST' }
  | { type: 'CLOSE' };

export const downstreamSessionMachine = setup({
  types: {
    input: {} as { sessionId: string },
    context: {} as DownstreamSessionContext,
    events: {} as DownstreamSessionEvent,
  },
}).createMachine({
  id: 'downstreamSession',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    protocolVersion: undefined,
    clientCapabilities: {},
    clientInfo: undefined,
  }),
  initial: 'awaitingInitialize',
  on: { CLOSE: '.closed' },
  states: {
    awaitingInitialize: {
      on: {
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
      on: { INITIALIZED: 'ready', REQUEST: 'ready' },
    },
    ready: {},
    closed: { type: 'final' },
  },
});
