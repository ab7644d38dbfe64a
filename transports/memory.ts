/**
 * A linked in-memory pair of transports, for tests and for embedding mcp-mux in-process.
 * Delivery is synchronous and copies each message (JSON round trip), so the two sides never
 * share objects and behave as over a real wire (`undefined` members vanish, ids stay typed).
 */
import { ReplaySubject, Subject } from 'rxjs';
import { type CloseReason, FrameError, type Transport } from './transport.js';

class MemoryTransport implements Transport {
  readonly #messages = new Subject<unknown>();
  readonly #errors = new Subject<FrameError>();
  readonly #closed = new ReplaySubject<CloseReason>(1);
  readonly messages$ = this.#messages.asObservable();
  readonly errors$ = this.#errors.asObservable();
  readonly closed$ = this.#closed.asObservable();
  readonly bufferedBytes = 0;
  peer: MemoryTransport | undefined;
  #open = true;

  send(message: unknown): void {
    if (!this.#open) return;
    const text = JSON.stringify(message);
    this.peer?.deliver(text);
  }

  /** Feeds raw text to this side, as if the peer had written it (tests use it for bad input). */
  deliver(text: string): void {
    if (!this.#open) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.#errors.next(new FrameError('parse', 'Parse error: the message is not valid JSON'));
      return;
    }
    this.#messages.next(value);
  }

  async close(): Promise<void> {
    this.end({ kind: 'local' });
    this.peer?.end({ kind: 'remote' });
  }

  end(reason: CloseReason): void {
    if (!this.#open) return;
    this.#open = false;
    this.#closed.next(reason);
    this.#closed.complete();
    this.#messages.complete();
    this.#errors.complete();
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
