/**
 * A Server-Sent Events parser fed with text chunks, per the WHATWG "event stream
 * interpretation": lines end with CRLF, LF or CR (a CR at the end of a chunk may be half of a
 * CRLF), a leading BOM is dropped, `:` starts a comment, an event with no `data` field is not
 * dispatched but its `id` still moves the last event id, `data:` alone dispatches an event
 * with empty data (Streamable HTTP's priming event: callers skip it), `retry` takes digits. Each character is looked at once. A line or an event
 * longer than `maxChars` is reported through `onError` and dropped, so a hostile peer cannot
 * grow memory without bound.
 */
export interface ParsedSseEvent {
    /** The `event` field, `message` when absent. */
    type: string;
    data: string;
    /** The last event id at dispatch time ('' when none was seen). */
    lastEventId: string;
}
export interface SseParserHandlers {
    onEvent(event: ParsedSseEvent): void;
    onRetry?(ms: number): void;
    onError?(error: Error): void;
}
export declare class SseParser {
    #private;
    constructor(handlers: SseParserHandlers, options?: {
        maxChars?: number;
        lastEventId?: string;
    });
    /** The last event id seen so far (for `Last-Event-ID` on reconnect). */
    get lastEventId(): string;
    push(chunk: string): void;
    /** End of stream: an event not closed by a blank line is discarded (per the standard). */
    end(): void;
}
