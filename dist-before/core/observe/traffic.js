/**
 * Bytes in and out of a facade, from its sockets' own counters (`bytesRead`, `bytesWritten`):
 * nothing is counted per message. Live sockets are read at scrape time; a closed socket's
 * totals are added once when it closes.
 */
export class TrafficCounter {
    #received = 0;
    #sent = 0;
    #live = new Set();
    /** Counts `socket` from now until it closes. */
    add(socket) {
        this.#live.add(socket);
        socket.once('close', () => {
            if (!this.#live.delete(socket))
                return;
            this.#received += socket.bytesRead;
            this.#sent += socket.bytesWritten;
        });
    }
    read() {
        let received = this.#received;
        let sent = this.#sent;
        for (const socket of this.#live) {
            received += socket.bytesRead;
            sent += socket.bytesWritten;
        }
        return { received, sent };
    }
}
//# sourceMappingURL=traffic.js.map