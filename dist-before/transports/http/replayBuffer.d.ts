/**
 * A session's record of the SSE events it sent, for `Last-Event-ID` resumption. Bounded by an
 * event count and a byte total; the oldest events go first. An event id is
 * `<streamId>:<seq>`, so an id names the stream it belongs to and a replay never crosses
 * streams (spec: "MUST NOT replay messages that would have been delivered on a different
 * stream").
 */
export interface ReplayEntry {
    streamId: number;
    seq: number;
    data: string;
    bytes: number;
}
export declare const formatEventId: (streamId: number, seq: number) => string;
/** Parses `<streamId>:<seq>`; undefined for anything else. */
export declare function parseEventId(id: string): {
    streamId: number;
    seq: number;
} | undefined;
export declare class ReplayBuffer {
    #private;
    constructor(maxEvents: number, maxBytes: number);
    get size(): number;
    push(streamId: number, seq: number, data: string): void;
    /** The kept events of `streamId` after `seq`, oldest first. */
    after(streamId: number, seq: number): ReplayEntry[];
}
