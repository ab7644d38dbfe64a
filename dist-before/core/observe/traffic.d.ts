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
export declare class TrafficCounter {
    #private;
    /** Counts `socket` from now until it closes. */
    add(socket: CountedSocket): void;
    read(): {
        received: number;
        sent: number;
    };
}
