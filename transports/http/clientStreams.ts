/**
 * The SSE streams a Streamable HTTP client transport (streamableHttpClient.ts) reads: a POST's
 * stream, resumed with `Last-Event-ID` while requests on it are unanswered, and the GET stream
 * for server-initiated messages, reopened when it ends. Both talk to the transport through
 * `StreamHost`.
 */
import type { Logger } from '../../core/log/index.js';
import type { JsonRpcId } from '../../core/rpc/index.js';
import { decodeMessage, FrameError } from '../../core/rpc/index.js';
import type { Exchange } from './clientExchange.js';
import { discard, pumpSse } from './httpBody.js';
import { type HttpCall, isOk } from './httpCall.js';
import { responseIds } from './messageShape.js';
import { SseParser } from './sseParser.js';
import { type StreamableHttpClientOptions, sleep } from './streamableHttpClientOptions.js';

/** What the streams need of their transport. */
export interface StreamHost {
  readonly isOpen: boolean;
  readonly options: StreamableHttpClientOptions;
  readonly log: Logger;
  /** Aborted when the transport ends (stops waits between attempts). */
  readonly stopped: AbortSignal;
  readonly maxBytes: number;
  /** A GET for `text/event-stream` with the session's headers, from `lastEventId` if given. */
  get(call: HttpCall, lastEventId: string | undefined): Promise<HttpCall>;
  call(): HttpCall;
  emitMessage(value: unknown): void;
  emitText(text: string): void;
  emitError(error: FrameError): void;
  answerLocally(ids: JsonRpcId[], message: string): void;
  /** The session is gone (404 on a GET): the transport closes with an error. */
  sessionExpired(): void;
}

/** Reads a POST's SSE body, resuming it with `Last-Event-ID` while requests are unanswered. */
export async function readPostStream(
  host: StreamHost,
  body: HttpCall,
  exchange: Exchange,
): Promise<void> {
  const { options } = host;
  let retryMs = options.reconnectDelayMs ?? 1000;
  let progressed = false;
  const parser = new SseParser(
    {
      onEvent: (event) => {
        if (event.type !== 'message' || event.data === '') return;
        progressed = true;
        let value: unknown;
        try {
          value = decodeMessage(event.data, options.rawMinChars);
        } catch {
          host.emitError(new FrameError('parse', 'Parse error: an SSE event is not JSON'));
          return;
        }
        for (const id of responseIds(value)) exchange.settle(id);
        host.emitMessage(value);
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
      onError: (error) => {
        // An event too large to read on a POST's stream is (almost always) its response:
        // the requests still awaited there fail now, naming the limit, instead of waiting.
        host.emitError(new FrameError('too-large', error.message));
        const waiting = exchange.takeAll();
        host.answerLocally(waiting, `the upstream's response was too large: ${error.message}`);
      },
    },
    { maxChars: host.maxBytes },
  );
  const { pending } = exchange;
  // Consecutive attempts that brought no new event (a broken or refused resumption).
  let failures = 0;
  let current: HttpCall | undefined = body;
  while (host.isOpen) {
    progressed = false;
    if (current) {
      try {
        await pumpSse(current, parser, () => pending.length === 0);
      } catch (error) {
        host.log.debug('SSE stream broke', { error: String(error) });
      }
    }
    if (pending.length === 0 || !host.isOpen || exchange.ended) return;
    failures = progressed ? 0 : failures + 1;
    if (parser.lastEventId === '' || failures > (options.maxReconnects ?? 3)) break;
    await exchange.wait(retryMs);
    if (pending.length === 0 || exchange.ended) return;
    current = await resume(host, exchange, parser.lastEventId);
  }
  if (!host.isOpen) return;
  host.answerLocally(exchange.takeAll(), 'the upstream SSE stream was lost before the response');
}

async function resume(
  host: StreamHost,
  exchange: Exchange,
  lastEventId: string,
): Promise<HttpCall | undefined> {
  try {
    const call = host.call();
    exchange.call = call;
    const res = await host.get(call, lastEventId);
    if (isOk(res)) return res;
    discard(res);
  } catch (error) {
    host.log.debug('resumption failed', { error: String(error) });
  }
  return undefined;
}

/**
 * The GET stream for server-initiated messages. A stream that ends (servers may close it to
 * make clients poll, with `retry`) is reopened after the retry delay, from its last event id;
 * only consecutive failed attempts count toward `maxReconnects`. `track` is told of each GET
 * (and `undefined` once none is in flight), so the transport can abort it when it ends.
 */
export function listen(
  host: StreamHost,
  track: (call: HttpCall | undefined) => void,
  lastEventId: string | undefined = undefined,
  failures = 0,
): void {
  const { options } = host;
  let retryMs = options.reconnectDelayMs ?? 1000;
  const call = host.call();
  track(call);
  const run = async (): Promise<boolean> => {
    const res = await host.get(call, lastEventId);
    if (res.statusCode === 404) {
      discard(res);
      host.sessionExpired();
      return false;
    }
    if (res.statusCode === 405) {
      discard(res); // the server offers no GET stream
      return false;
    }
    if (!isOk(res)) {
      host.log.warn('GET stream refused', { status: res.statusCode });
      discard(res);
      failures++;
      return true;
    }
    failures = 0;
    const parser = new SseParser(
      {
        onEvent: (event) => {
          if (event.type === 'message' && event.data !== '') host.emitText(event.data);
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
        onError: (error) => host.emitError(new FrameError('too-large', error.message)),
      },
      { maxChars: host.maxBytes, ...(lastEventId === undefined ? {} : { lastEventId }) },
    );
    await pumpSse(res, parser).catch(() => {});
    lastEventId = parser.lastEventId || undefined;
    return true;
  };
  run()
    .catch((error: unknown) => {
      if (host.isOpen) host.log.warn('GET stream failed', { error: String(error) });
      failures++;
      return true;
    })
    .then(async (again) => {
      track(undefined);
      if (!again || !host.isOpen || failures > (options.maxReconnects ?? 3)) return;
      await sleep(retryMs, host.stopped);
      if (host.isOpen) listen(host, track, lastEventId, failures);
    })
    .catch(() => {});
}
