/**
 * One modern (2026-07-28) POST as a `Transport`: no session id is minted or echoed, the
 * transport delivers the one message and carries what the upper layer sends for it on that
 * POST's response, then ends.
 *
 * - A notification POST → 202 with no body, the transport ends after delivering it.
 * - A request: the response is held back until the first message for it. If that is the
 *   response itself, it goes as one `application/json` body with the status `statusOf` gives
 *   its error code (404 for -32601, 400 for the modern errors: the hook keeps MCP knowledge out
 *   of the transport). If a notification comes first (progress, a `subscriptions/listen`
 *   acknowledgment), the response becomes an SSE stream (200, `X-Accel-Buffering: no`) that
 *   ends after the response. No replay: modern streams are not resumable.
 * - The client closing the response before the answer ends the transport (`remote`): the
 *   connection above abandons the request, which cancels it upstream (spec: "closing the SSE
 *   response stream MUST be treated as cancellation").
 */
import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import type { CloseReason, SendOptions } from '../../core/rpc/index.js';
import { stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { sendJson } from './jsonReply.js';
import { responseIds, shapeOf } from './messageShape.js';
import { formatSseEvent, SseWriter } from './sseWriter.js';

/** What the exchanges of one endpoint share (one object for all of them). */
export interface ModernExchangeOptions {
  /** HTTP status for a JSON-RPC error response with this code (default 200). */
  readonly statusOf?: (code: number) => number;
  /** Bytes the SSE response may hold unsent before the exchange is closed as a slow reader. */
  readonly maxBufferedBytes: number;
  readonly log: Logger;
}

const CLOSED_EXCHANGE = JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: { code: ErrorCode.InternalError, message: 'The server closed the exchange' },
});

const errorCodeOf = (message: unknown): number | undefined => {
  const error = (message as { error?: { code?: unknown } }).error;
  return typeof error?.code === 'number' ? error.code : undefined;
};

export class ModernExchange extends BaseTransport {
  readonly #res: ServerResponse;
  readonly #options: ModernExchangeOptions;
  readonly #onEnd: () => void;
  #writer: SseWriter | undefined;

  /** `onEnd`: the exchange ended (answered, cancelled, or closed). */
  constructor(res: ServerResponse, options: ModernExchangeOptions, onEnd: () => void) {
    super();
    this.#res = res;
    this.#options = options;
    this.#onEnd = onEnd;
    res.on('close', () => {
      if (!res.writableFinished) this.finish({ kind: 'remote' });
    });
  }

  override get bufferedBytes(): number {
    return this.#writer?.bufferedBytes ?? 0;
  }

  /** Delivers the POSTed message; a notification is acknowledged with 202 at once. */
  accept(message: unknown): void {
    if (shapeOf(message) !== 'request') {
      this.#res.writeHead(202).end();
      this.emitMessage(message);
      this.finish({ kind: 'remote' });
      return;
    }
    this.emitMessage(message);
  }

  send(message: unknown, _options?: SendOptions): void {
    if (!this.isOpen) return;
    const isResponse = Array.isArray(message)
      ? responseIds(message).length > 0
      : shapeOf(message) === 'response';
    if (isResponse && !this.#writer) {
      const code = errorCodeOf(message);
      const status = code === undefined ? 200 : (this.#options.statusOf?.(code) ?? 200);
      sendJson(this.#res, status, stringifyMessage(message));
      this.finish({ kind: 'remote' });
      return;
    }
    const event = formatSseEvent({ event: 'message', data: stringifyMessage(message) });
    if (this.#writer) this.#writer.writeRaw(event);
    else this.#writer = new SseWriter(this.#res, event); // with `X-Accel-Buffering: no`
    if (isResponse) {
      this.#writer.end();
      this.finish({ kind: 'remote' });
    } else if (this.#writer.bufferedBytes > this.#options.maxBufferedBytes) {
      this.#options.log.warn('closing a slow reader (modern exchange)');
      this.finish({ kind: 'slow-reader', bufferedBytes: this.#writer.bufferedBytes });
    }
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  protected override onFinish(reason: CloseReason): void {
    if (!this.#res.headersSent) {
      sendJson(this.#res, 503, CLOSED_EXCHANGE);
    } else if (reason.kind === 'slow-reader') this.#writer?.destroy();
    else if (!this.#res.writableEnded) this.#writer ? this.#writer.end() : this.#res.end();
    this.#onEnd();
  }
}
