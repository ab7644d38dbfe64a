/**
 * Test harness for `Connection`: one connection on one end of an in-memory pair and a raw
 * other end that records what it reads and can inject any text, plus virtual time.
 */
import { Observable, type Subscriber, VirtualTimeScheduler } from 'rxjs';
import {
  Connection,
  type ConnectionOptions,
  type InboundEvent,
} from '../../../core/rpc/connection.js';
import type { JsonObject } from '../../../core/rpc/jsonrpc.js';
import { createMemoryPair, type MemoryTransportEnd } from '../../../transports/memory.js';

export interface RawPeer {
  connection: Connection;
  /** The connection's transport end. */
  transport: MemoryTransportEnd;
  /** The raw other end. */
  raw: MemoryTransportEnd;
  /** Everything the raw end read, parsed. */
  received: unknown[];
  /** The raw end writes `message` (JSON-encoded) to the connection. */
  send(message: unknown): void;
  /** The connection reads `text` as is (bad bytes included). */
  deliver(text: string): void;
}

export function rawPeer(options: ConnectionOptions = {}): RawPeer {
  const [transport, raw] = createMemoryPair();
  const connection = new Connection(transport, options);
  const received: unknown[] = [];
  raw.messages$.subscribe((message) => received.push(message));
  return {
    connection,
    transport,
    raw,
    received,
    send: (message) => transport.deliver(JSON.stringify(message)),
    deliver: (text) => transport.deliver(text),
  };
}

/** Moves a virtual clock to `time`, running everything due until then. */
export function advanceTo(scheduler: VirtualTimeScheduler, time: number): void {
  scheduler.schedule(() => {}, time - scheduler.now());
  scheduler.maxFrames = time;
  scheduler.flush();
}

export const virtualTime = (): VirtualTimeScheduler => new VirtualTimeScheduler();

/** A request handler whose Observables the test drives by hand, with a record of teardowns. */
export function manualHandler() {
  const calls: {
    request: { id: unknown; method: string; params?: JsonObject };
    subscriber: Subscriber<InboundEvent>;
    signal: AbortSignal;
    progressToken: unknown;
    tornDown: boolean;
  }[] = [];
  const handler = (
    request: { id: unknown; method: string; params?: JsonObject },
    context: { signal: AbortSignal; progressToken?: string | number },
  ): Observable<InboundEvent> =>
    new Observable<InboundEvent>((subscriber) => {
      const call = {
        request,
        subscriber,
        signal: context.signal,
        progressToken: context.progressToken,
        tornDown: false,
      };
      calls.push(call);
      return () => {
        call.tornDown = true;
      };
    });
  return { calls, handler };
}
