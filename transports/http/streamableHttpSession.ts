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
 * `Last-Event-ID` resumption on that same stream; resuming a complete stream past its last
 * event gets 204 (an empty stream would make SDK clients poll it again, forever), a live one
 * with nothing to replay opens with the client's own event id.
 *
 * Every POST ends: a request id already in flight in the session (or twice
 * in one batch) is refused on the new POST before the upper layer sees it, so the first
 * request keeps its stream and its answer; an id-less error sent in reply to one of a POST's
 * requests (a refused batch) is delivered on that POST and ends it; a request the client
 * cancelled (`unanswered`) ends its POST without a response. A session is idle when nothing
 * went either way for `idleMs` and no GET stream is open: POSTs left hanging do not keep it.
 */
import type { ServerResponse } from 'node:http';
import { Subject } from 'rxjs';
import { ErrorCode } from '../../core/errors/index.js';
import type {
  CloseReason,
  JsonRpcId,
  SendOptions,
  StreamedServerTransport,
} from '../../core/rpc/index.js';
import { stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { sendJson } from './jsonReply.js';
import { idKey, isIdlessError, responseIds } from './messageShape.js';
import { sendJsonRpcError } from './protection.js';
import { formatEventId, parseEventId, ReplayBuffer } from './replayBuffer.js';
import {
  DROP_WARNING_MS,
  type JsonReply,
  newStream,
  type Stream,
  type StreamableHttpSessionOptions,
} from './sessionStreams.js';
import { formatSseEvent, SseWriter } from './sseWriter.js';

export class StreamableHttpSession extends BaseTransport implements StreamedServerTransport {
  readonly sessionId: string | undefined;
  readonly #options: StreamableHttpSessionOptions;
  readonly #streams = new Map<number, Stream>();
  readonly #byRequest = new Map<string, Stream>();
  readonly #standalone: Stream = newStream(0);
  readonly #undelivered: string[] = [];
  /** Characters held in `#undelivered` (bounded by `maxBufferedBytes`, not only by count). */
  #undeliveredChars = 0;
  /** Messages dropped since the last warning, and when that was (warnings are rate-limited). */
  #dropped = 0;
  #lastDropWarning = 0;
  readonly #replay: ReplayBuffer;
  readonly #disconnects = new Subject<{ requestIds: JsonRpcId[] }>();
  readonly disconnects$ = this.#disconnects.asObservable();
  readonly #resumes = new Subject<{ requestIds: JsonRpcId[] }>();
  readonly resumes$ = this.#resumes.asObservable();
  #nextStreamId = 1;
  /**
   * Held replies that may turn into SSE, in the order they were taken (so by `due`): one timer
   * for the session, armed for the first of them, instead of one per POST. Entries answered
   * meanwhile are dropped when reached (or compacted away when they pile up).
   */
  #held: JsonReply[] = [];
  #heldTimer: NodeJS.Timeout | undefined;
  #sessionHeaders: Record<string, string> | undefined;
  #lastActive = Date.now();

  constructor(options: StreamableHttpSessionOptions) {
    super();
    this.#options = options;
    this.sessionId = options.sessionId;
    this.#replay = new ReplayBuffer(options.replayBufferEvents, options.replayBufferBytes);
  }

  override get bufferedBytes(): number {
    let total = this.#standalone.writer?.bufferedBytes ?? 0;
    for (const stream of this.#streams.values()) total += stream.writer?.bufferedBytes ?? 0;
    return total;
  }

  /** `Mcp-Session-Id` for every response of the session (none for a one-shot exchange). */
  #headers(): Record<string, string> {
    this.#sessionHeaders ??=
      this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId };
    return this.#sessionHeaders;
  }

  /** A POST of this session; `requests` are the ids of the requests in `body`. */
  acceptPost(body: unknown, requests: JsonRpcId[], res: ServerResponse): void {
    const now = Date.now();
    this.#lastActive = now;
    const keys = requests.map(idKey);
    for (let i = 0; i < keys.length; i++) {
      if (this.#byRequest.has(keys[i]!) || keys.indexOf(keys[i]!) !== i) {
        this.#refuseDuplicate(res, requests[i]!, Array.isArray(body));
        return;
      }
    }
    if (requests.length === 0) {
      res.writeHead(202, this.#headers()).end();
      this.emitMessage(body);
      if (this.sessionId === undefined) this.finish({ kind: 'remote' });
      return;
    }
    const stream = newStream(this.#nextStreamId++);
    for (let i = 0; i < keys.length; i++) {
      stream.pending.set(keys[i]!, requests[i]!);
      this.#byRequest.set(keys[i]!, stream);
    }
    this.#streams.set(stream.id, stream);
    const { preferJson, streamAfterMs } = this.#options;
    if (preferJson || streamAfterMs > 0) {
      const json: JsonReply = {
        res,
        order: keys,
        responses: new Map(),
        batch: Array.isArray(body),
        due: preferJson ? undefined : now + streamAfterMs,
        stream,
      };
      stream.json = json;
      if (!preferJson) this.#hold(json, streamAfterMs);
      res.on('close', () => {
        if (stream.json?.res === res) this.#disconnected(stream);
      });
    } else this.#startStream(stream, res);
    this.emitMessage(body);
  }

  /** Queues `json` to turn into SSE when due; arms the session's timer if it is not. */
  #hold(json: JsonReply, delayMs: number): void {
    const held = this.#held;
    // Answered entries wait to be reached; past a bound they are compacted away, so a long
    // `streamAfterMs` under load does not keep every answered reply until it is due.
    if (held.length >= 64 && held.length >= 2 * this.#streams.size) {
      this.#held = held.filter((entry) => entry.stream.json === entry);
    }
    this.#held.push(json);
    if (this.#heldTimer === undefined) this.#armHeld(delayMs);
  }

  #armHeld(delayMs: number): void {
    this.#heldTimer = setTimeout(StreamableHttpSession.#heldDue, delayMs, this);
    this.#heldTimer.unref();
  }

  /** The session timer: every held reply now due becomes SSE; re-armed for the next one. */
  static #heldDue(session: StreamableHttpSession): void {
    session.#heldTimer = undefined;
    if (!session.isOpen) return;
    const held = session.#held;
    const now = Date.now();
    let i = 0;
    for (; i < held.length; i++) {
      const json = held[i]!;
      if (json.stream.json !== json) continue; // answered, cancelled or streaming already
      if ((json.due as number) > now) break;
      json.stream.json = undefined;
      session.#startStream(json.stream, json.res, json);
    }
    session.#held = i === 0 ? held : held.slice(i);
    const next = session.#held[0];
    if (next !== undefined) session.#armHeld(Math.max(1, (next.due as number) - now));
  }

  /**
   * Answers POST stream `stream` with SSE on `res`: the priming event (an event id, so the
   * client can resume even before the first message), then the responses `held` so far.
   */
  #startStream(stream: Stream, res: ServerResponse, held?: JsonReply): void {
    const writer = new SseWriter(
      res,
      formatSseEvent({ id: formatEventId(stream.id, 0), data: '' }),
      this.sessionId,
    );
    this.#attach(stream, writer);
    if (!held) return;
    for (const key of held.order) {
      const response = held.responses.get(key);
      if (response !== undefined) this.#deliver(stream, stringifyMessage(response));
    }
  }

  /** A GET: the standalone stream, or the resumption of any stream after `lastEventId`. */
  attachGet(res: ServerResponse, lastEventId: string | undefined): void {
    this.#lastActive = Date.now();
    if (lastEventId === undefined) {
      const priming = formatSseEvent({ id: formatEventId(0, this.#standalone.seq), data: '' });
      const writer = new SseWriter(
        res,
        priming + this.#undelivered.splice(0).join(''),
        this.sessionId,
      );
      this.#undeliveredChars = 0;
      this.#attach(this.#standalone, writer);
      return;
    }
    const cursor = parseEventId(lastEventId);
    if (!cursor || cursor.streamId >= this.#nextStreamId) {
      sendJsonRpcError(
        res,
        400,
        ErrorCode.TransportRefused,
        'Bad Request: unknown Last-Event-ID',
        this.#headers(),
      );
      return;
    }
    let replayed = '';
    for (const entry of this.#replay.after(cursor.streamId, cursor.seq)) {
      replayed += formatSseEvent({
        id: formatEventId(entry.streamId, entry.seq),
        event: 'message',
        data: entry.data,
      });
    }
    const stream = cursor.streamId === 0 ? this.#standalone : this.#streams.get(cursor.streamId);
    if (!stream && replayed === '') {
      // Complete (answered or cancelled) and the client has all of it: 204, not an empty
      // stream, which SDK clients take for a server-closed connection and poll again forever.
      res.writeHead(204, this.#headers()).end();
      return;
    }
    // A live stream with nothing to replay yet still opens with an event id (the client's
    // own): a client that loses it before the next event then resumes from there, not with a
    // GET without id, which would replace the session's GET stream.
    const first =
      replayed === '' && stream
        ? formatSseEvent({ id: formatEventId(cursor.streamId, cursor.seq), data: '' })
        : replayed;
    const writer = new SseWriter(res, first, this.sessionId);
    if (!stream) {
      writer.end(); // that stream is complete: the replay was all of it
      return;
    }
    if (stream === this.#standalone) {
      this.#undelivered.length = 0;
      this.#undeliveredChars = 0;
    }
    this.#attach(stream, writer);
    if (stream.pending.size > 0) this.#resumes.next({ requestIds: [...stream.pending.values()] });
  }

  send(message: unknown, options: SendOptions = {}): void {
    if (!this.isOpen) return;
    this.#lastActive = Date.now();
    let answered = responseIds(message).map(idKey);
    let stream: Stream | undefined;
    const related =
      options.relatedRequestId === undefined ? undefined : idKey(options.relatedRequestId);
    if (answered.length === 0 && related !== undefined && isIdlessError(message)) {
      // An error without id in reply to a POST's request (a refused batch) answers that POST.
      stream = this.#byRequest.get(related);
      if (stream) {
        if (stream.json) stream.json.responses.set(related, message);
        else this.#deliver(stream, stringifyMessage(message));
        answered = [...stream.pending.keys()];
        for (const key of answered) this.#answer(key);
        return;
      }
    } else if (answered.length > 0) {
      stream = this.#byRequest.get(answered[0]!);
      if (!stream) {
        this.#options.log.warn('dropping a response to an unknown or answered request', {
          session: this.sessionId,
        });
        return;
      }
    } else if (options.relatedRequestId !== undefined) {
      stream = this.#byRequest.get(idKey(options.relatedRequestId));
      const json = stream?.json;
      if (json?.due !== undefined) {
        // Something for the POST before its answer: the answer becomes a stream.
        stream!.json = undefined;
        this.#startStream(stream!, json.res, json);
      } else if (json) stream = undefined; // a final JSON reply carries responses only
    }
    if (!stream) this.#sendStandalone(stringifyMessage(message));
    else if (stream.json) {
      for (const item of Array.isArray(message) ? message : [message]) {
        const [key] = responseIds(item).map(idKey);
        if (key !== undefined) stream.json.responses.set(key, item);
      }
    } else this.#deliver(stream, stringifyMessage(message));
    for (const key of answered) this.#answer(key);
    const buffered = this.bufferedBytes;
    if (buffered > this.#options.maxBufferedBytes) {
      this.#options.log.warn('closing a slow reader', { session: this.sessionId, buffered });
      this.finish({ kind: 'slow-reader', bufferedBytes: buffered });
    }
  }

  /**
   * The client cancelled request `requestId`: no response will come, its POST may end.
   * (Transport contract: `unanswered`.)
   */
  unanswered(requestId: JsonRpcId): void {
    this.#lastActive = Date.now();
    this.#answer(idKey(requestId));
  }

  /**
   * True when nothing has happened for `idleMs`: no message either way and no HTTP request for
   * that long, and no GET stream open (a client that went away without DELETE, or one that
   * left POSTs hanging: those do not keep a session alive).
   */
  isIdle(now: number, idleMs: number): boolean {
    if (this.#standalone.writer) {
      this.#lastActive = now;
      return false;
    }
    return now - this.#lastActive >= idleMs;
  }

  /** When the client or the router last did anything on this session (ms since the epoch). */
  get lastActiveAt(): number {
    return this.#lastActive;
  }

  /** Nothing open: no GET stream and no request waiting for its answer (safe to evict). */
  get isQuiet(): boolean {
    return this.#standalone.writer === undefined && this.#streams.size === 0;
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  /** DELETE from the client. */
  terminate(): void {
    this.finish({ kind: 'remote' });
  }

  #attach(stream: Stream, writer: SseWriter): void {
    stream.writer?.end();
    stream.writer = writer;
    writer.onClose(() => {
      if (stream.writer !== writer) return;
      stream.writer = undefined;
      this.#disconnected(stream);
    });
  }

  #disconnected(stream: Stream): void {
    stream.json = undefined;
    if (stream.pending.size === 0 || !this.isOpen) return;
    this.#disconnects.next({ requestIds: [...stream.pending.values()] });
    // Stateless exchanges have no way back: closing the stream cancels the request.
    if (this.sessionId === undefined) this.finish({ kind: 'remote' });
  }

  #deliver(stream: Stream, data: string): void {
    const seq = ++stream.seq;
    this.#replay.push(stream.id, seq, data);
    stream.writer?.write({ id: formatEventId(stream.id, seq), event: 'message', data });
  }

  #sendStandalone(data: string): void {
    const stream = this.#standalone;
    if (stream.writer && !stream.writer.ended) {
      this.#deliver(stream, data);
      return;
    }
    const seq = ++stream.seq;
    this.#replay.push(0, seq, data);
    const event = `id: ${formatEventId(0, seq)}\nevent: message\ndata: ${data}\n\n`;
    this.#undelivered.push(event);
    this.#undeliveredChars += event.length;
    // Bounded by count and by size: a burst of large notifications for a
    // client without a GET stream must not hold memory without end. Oldest first.
    while (
      this.#undelivered.length > this.#options.maxPendingMessages ||
      (this.#undeliveredChars > this.#options.maxBufferedBytes && this.#undelivered.length > 0)
    ) {
      this.#undeliveredChars -= this.#undelivered.shift()?.length ?? 0;
      this.#dropped += 1;
    }
    this.#warnDropped();
  }

  /** At most one warning per `DROP_WARNING_MS` for dropped pending messages, with the count. */
  #warnDropped(): void {
    if (this.#dropped === 0) return;
    const now = Date.now();
    if (now - this.#lastDropWarning < DROP_WARNING_MS) return;
    this.#options.log.warn('no GET stream: dropped the oldest pending messages', {
      session: this.sessionId,
      dropped: this.#dropped,
      maxPendingMessages: this.#options.maxPendingMessages,
      maxBufferedBytes: this.#options.maxBufferedBytes,
    });
    this.#dropped = 0;
    this.#lastDropWarning = now;
  }

  /** Characters waiting for a GET stream (for tests and stats). */
  get pendingChars(): number {
    return this.#undeliveredChars;
  }

  #answer(key: string): void {
    const stream = this.#byRequest.get(key);
    if (!stream) return;
    this.#byRequest.delete(key);
    stream.pending.delete(key);
    if (stream.pending.size > 0) return;
    this.#streams.delete(stream.id);
    const json = stream.json;
    if (json) {
      stream.json = undefined;
      this.#replyJson(json);
    }
    stream.writer?.end();
    stream.writer = undefined;
    if (this.sessionId === undefined) this.finish({ kind: 'remote' });
  }

  /** Sends a held answer as one JSON body (one write: headers, `Content-Length`, body). */
  #replyJson(json: JsonReply): void {
    if (!json.batch && json.order.length === 1) {
      // One request, one response (the common POST): no list to gather.
      const reply = json.responses.get(json.order[0]!);
      if (reply !== undefined) {
        sendJson(json.res, 200, stringifyMessage(reply), this.sessionId);
        return;
      }
    }
    const replies: unknown[] = [];
    for (const key of json.order) {
      const reply = json.responses.get(key);
      if (reply !== undefined) replies.push(reply);
    }
    if (replies.length === 0) {
      // Every request of the POST was cancelled: nothing to answer.
      json.res.writeHead(202, this.#headers()).end();
      return;
    }
    // A refused batch is answered with one error, not an array.
    const refused = replies.length === 1 && isIdlessError(replies[0]);
    const body = json.batch && !refused ? replies : replies[0];
    sendJson(json.res, 200, stringifyMessage(body), this.sessionId);
  }

  /** A request id already in flight: refused here, the first request keeps its answer. */
  #refuseDuplicate(res: ServerResponse, id: JsonRpcId, batch: boolean): void {
    const error = {
      jsonrpc: '2.0',
      id: batch ? null : id,
      error: {
        code: ErrorCode.InvalidRequest,
        message: `Invalid Request: request id ${JSON.stringify(id)} is already in flight in this session`,
      },
    };
    sendJson(res, batch ? 400 : 200, JSON.stringify(error), this.sessionId);
  }

  /** Every way the session ends comes through here: release its responses. */
  protected override onFinish(reason: CloseReason): void {
    const abrupt = reason.kind === 'slow-reader';
    const writers = [this.#standalone.writer];
    clearTimeout(this.#heldTimer);
    this.#heldTimer = undefined;
    this.#held = [];
    for (const stream of this.#streams.values()) {
      writers.push(stream.writer);
      if (stream.json && !stream.json.res.headersSent) {
        sendJsonRpcError(stream.json.res, 404, ErrorCode.SessionNotFound, 'Session ended');
      }
    }
    for (const writer of writers) {
      if (abrupt) writer?.destroy();
      else writer?.end();
    }
    this.#disconnects.complete();
    this.#resumes.complete();
    this.#options.onEnd();
  }
}
