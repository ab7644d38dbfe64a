/**
 * A linked in-memory pair of transports, for tests and for embedding mcp-mux in-process.
 * Delivery is synchronous and copies each message (JSON round trip), so the two sides never
 * share objects and behave as over a real wire (`undefined` members vanish, ids stay typed).
 */

import type { CloseReason, Transport } from '../core/rpc/index.js';
import { stringifyMessage } from '../core/rpc/index.js';
import { BaseTransport } from './base/index.js';

class MemoryTransport extends BaseTransport {
  peer: MemoryTransport | undefined;

  send(message: unknown): void {
    if (!this.isOpen) return;
    this.peer?.deliver(stringifyMessage(message));
  }

  /** Feeds raw text to this side, as if the peer had written it (tests use it for bad input). */
  deliver(text: string): void {
    if (this.isOpen) this.emitText(text);
  }

  async close(): Promise<void> {
    this.end({ kind: 'local' });
    this.peer?.end({ kind: 'remote' });
  }

  end(reason: CloseReason): void {
    this.finish(reason);
  }
}

export type MemoryTransportEnd = Transport & { deliver(text: string): void };

/** Two transports wired to each other: what one sends, the other reads. */
export function createMemoryPair(): [MemoryTransportEnd, MemoryTransportEnd] {
  const a = new MemoryTransport();
  const b = new MemoryTransport();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
