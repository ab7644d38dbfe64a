/**
 * The exchanges of a Streamable HTTP client transport (streamableHttpClient.ts): one POST and
 * the GETs that resume its stream, with the requests it carries that are still awaited.
 *
 * Kept cheap for the common case, one request per POST answered in time: an exchange is one
 * object in an intrusive list (no Map or Set entry, no `AbortController`); its pending ids are a
 * small array. Finding the exchange of an id (`abandon`, rare: a timeout or a cancel) walks the
 * live exchanges.
 */
import type { JsonRpcId } from '../../core/rpc/index.js';
import type { HttpCall } from './httpCall.js';

export class Exchange {
  /** The request of this exchange in flight (the POST, then each resuming GET). */
  call: HttpCall | undefined;
  #ended = false;
  #wake: (() => void) | undefined;
  prev: Exchange | undefined;
  next: Exchange | undefined;

  /** The ids of the requests not yet answered nor abandoned. */
  constructor(readonly pending: JsonRpcId[]) {}

  get ended(): boolean {
    return this.#ended;
  }

  /** Drops `id` from the awaited requests; true when it was one. */
  settle(id: JsonRpcId): boolean {
    const i = this.pending.indexOf(id);
    if (i === -1) return false;
    this.pending.splice(i, 1);
    return true;
  }

  /** Takes every awaited id (they are answered now, one way or another). */
  takeAll(): JsonRpcId[] {
    return this.pending.splice(0);
  }

  /** Ends the exchange: its request is aborted, a wait between resumptions ends at once. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.call?.abort('abandoned');
    this.#wake?.();
  }

  /** Resolves after `ms`, or as soon as the exchange ends. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.#ended) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
    });
  }
}

/** The live exchanges of one transport. */
export class ExchangeList {
  #head: Exchange | undefined;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  open(ids: JsonRpcId[]): Exchange {
    const exchange = new Exchange(ids);
    exchange.next = this.#head;
    if (this.#head !== undefined) this.#head.prev = exchange;
    this.#head = exchange;
    this.#size++;
    return exchange;
  }

  close(exchange: Exchange): void {
    if (exchange.prev === undefined && this.#head !== exchange) return; // not listed
    if (exchange.prev !== undefined) exchange.prev.next = exchange.next;
    else this.#head = exchange.next;
    if (exchange.next !== undefined) exchange.next.prev = exchange.prev;
    exchange.prev = exchange.next = undefined;
    this.#size--;
  }

  /** The exchange awaiting the response to `id` (the newest, should an id be reused). */
  find(id: JsonRpcId): Exchange | undefined {
    for (let e = this.#head; e !== undefined; e = e.next) if (e.pending.includes(id)) return e;
    return undefined;
  }

  /** Ends every exchange and empties the list. */
  endAll(): void {
    for (let e = this.#head; e !== undefined; ) {
      const next = e.next;
      e.prev = e.next = undefined;
      e.end();
      e = next;
    }
    this.#head = undefined;
    this.#size = 0;
  }
}
