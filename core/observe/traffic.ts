/**
 * Bytes in and out of a facade, from its sockets' own counters (`bytesRead`, `bytesWritten`):
 * nothing is counted per message. Live sockets are read at scrape time; a closed socket's
 * totals are added once when it closes.
 */

/** What is read of a socket (a `net.Socket`, or a stdio stream with the same counters). */
export interface CountedSocket {
  readonly bytesRead: number;
  readonly bytesWritten: number;
  once(event: 'close', listener: () => void): unknown;
}

export class TrafficCounter {
  #received = 0;
  #sent = 0;
  readonly #live = new Set<CountedSocket>();

  /** Counts `socket` from now until it closes. */
  add(socket: CountedSocket): void {
    this.#live.add(socket);
    socket.once('close', () => {
      if (!this.#live.delete(socket)) return;
      this.#received += socket.bytesRead;
      this.#sent += socket.bytesWritten;
    });
  }

  read(): { received: number; sent: number } {
    let received = this.#received;
    let sent = this.#sent;
    for (const socket of this.#live) {
      received += socket.bytesRead;
      sent += socket.bytesWritten;
    }
    return { received, sent };
  }
}
