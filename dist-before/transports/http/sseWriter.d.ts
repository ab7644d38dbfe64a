/**
 * One Server-Sent Events response. Writes honour backpressure: once `res.write` returns false,
 * later events wait in a queue until `drain`, and `bufferedBytes` counts both that queue and
 * what node holds for the socket, so the owner can cut off a reader that stopped reading.
 */
import type { ServerResponse } from 'node:http';
export interface SseEvent {
    id?: string;
    event?: string;
    data: string;
    retry?: number;
}
/** Formats one event; `data` may hold newlines (one `data:` line each). */
export declare function formatSseEvent(event: SseEvent): string;
export declare class SseWriter {
    #private;
    /**
     * Sends the headers (200, `text/event-stream`, `Mcp-Session-Id` when given) together with
     * `first`, the stream's first events (a priming event, an `endpoint`): one write, where
     * flushing the headers alone first would cost a syscall of its own. An empty `first` flushes
     * the headers alone (a resumption with nothing to replay yet).
     */
    constructor(res: ServerResponse, first: string, sessionId?: string);
    /** True once the response ended or the client went away. */
    get ended(): boolean;
    get bufferedBytes(): number;
    /** Called once when the underlying connection closes (either side). */
    onClose(listener: () => void): void;
    write(event: SseEvent): void;
    writeRaw(text: string): void;
    /** Ends the response after whatever is queued. */
    end(): void;
    /** Drops the connection without flushing (a reader that stopped reading). */
    destroy(): void;
}
