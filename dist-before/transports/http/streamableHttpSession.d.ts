/**
 * One Streamable HTTP session seen as one `Transport` (a stateful session with an
 * `Mcp-Session-Id`, or a one-shot exchange for a stateless POST).
 *
 * Stream routing: a POST holding requests opens a stream. Its answer is held
 * (one write for a quick answer): when every response of the POST comes before anything else for it, they go as one
 * `application/json` body in one write; the first other message related to one of its
 * requests (progress, a server request), or `streamAfterMs` without an answer, turns it into
 * SSE (priming event, the responses held so far, then the rest), so long requests stay
 * resumable. `streamAfterMs: 0` streams at once; `preferJson` never streams. A response goes
 * to the stream of the POST that carried its request; any other message sent with
 * `relatedRequestId` of a request still unanswered goes to that stream unless it is a final
 * JSON reply (`preferJson`); everything else goes to the GET stream (stream 0), buffered up to
 * `maxPendingMessages` while no GET is connected. A POST stream ends after its last response.
 * Every SSE event has the id `<streamId>:<seq>` and is kept in a bounded replay buffer for
 * `Last-Event-ID` resumption on that same stream.
 *
 * Every POST ends: a request id already in flight in the session (or twice
 * in one batch) is refused on the new POST before the upper layer sees it, so the first
 * request keeps its stream and its answer; an id-less error sent in reply to one of a POST's
 * requests (a refused batch) is delivered on that POST and ends it; a request the client
 * cancelled (`unanswered`) ends its POST without a response. A session is idle when nothing
 * went either way for `idleMs` and no GET stream is open: POSTs left hanging do not keep it.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from '../../core/log/index.js';
import type { CloseReason, JsonRpcId, SendOptions, StreamedServerTransport } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
export interface StreamableHttpSessionOptions {
    /** Undefined for a one-shot (stateless) exchange: it ends with its POST. */
    sessionId: string | undefined;
    preferJson: boolean;
    /** A POST's answer held this long without a message becomes SSE (0: SSE at once). */
    streamAfterMs: number;
    replayBufferEvents: number;
    replayBufferBytes: number;
    maxPendingMessages: number;
    maxBufferedBytes: number;
    log: Logger;
    onEnd: () => void;
}
export declare class StreamableHttpSession extends BaseTransport implements StreamedServerTransport {
    #private;
    readonly sessionId: string | undefined;
    readonly disconnects$: import("rxjs").Observable<{
        requestIds: JsonRpcId[];
    }>;
    readonly resumes$: import("rxjs").Observable<{
        requestIds: JsonRpcId[];
    }>;
    constructor(options: StreamableHttpSessionOptions);
    get bufferedBytes(): number;
    /** A POST of this session; `requests` are the ids of the requests in `body`. */
    acceptPost(body: unknown, requests: JsonRpcId[], res: ServerResponse): void;
    /** A GET: the standalone stream, or the resumption of any stream after `lastEventId`. */
    attachGet(res: ServerResponse, lastEventId: string | undefined): void;
    send(message: unknown, options?: SendOptions): void;
    /**
     * The client cancelled request `requestId`: no response will come, its POST may end.
     * (Transport contract: `unanswered`.)
     */
    unanswered(requestId: JsonRpcId): void;
    /**
     * True when nothing has happened for `idleMs`: no message either way and no HTTP request for
     * that long, and no GET stream open (a client that went away without DELETE, or one that
     * left POSTs hanging: those do not keep a session alive).
     */
    isIdle(now: number, idleMs: number): boolean;
    /** When the client or the router last did anything on this session (ms since the epoch). */
    get lastActiveAt(): number;
    /** Nothing open: no GET stream and no request waiting for its answer (safe to evict). */
    get isQuiet(): boolean;
    close(): Promise<void>;
    /** DELETE from the client. */
    terminate(): void;
    /** Characters waiting for a GET stream (for tests and stats). */
    get pendingChars(): number;
    /** Every way the session ends comes through here: release its responses. */
    protected onFinish(reason: CloseReason): void;
}
