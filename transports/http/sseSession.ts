/**
 * One legacy HTTP+SSE session (2024-11-05) as a `Transport`: server messages go out as
 * `message` events on the session's single SSE response; client messages arrive through
 * POSTs that the server hands to `receive`. The session ends when the SSE response closes.
 */
import type { Logger } from '../../core/log/index.js';
import type { CloseReason } from '../../core/rpc/index.js';
import { stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import type { SseWriter } from './sseWriter.js';

export class SseSession extends BaseTransport {
  readonly sessionId: string;
  readonly #writer: SseWriter;
  readonly #maxBufferedBytes: number;
  readonly #log: Logger;
  readonly #onEnd: () => void;

  constructor(
    sessionId: string,
    writer: SseWriter,
    options: { maxBufferedBytes: number; log: Logger; onEnd: () => void },
  ) {
    super();
    this.sessionId = sessionId;
    this.#writer = writer;
    this.#maxBufferedBytes = options.maxBufferedBytes;
    this.#log = options.log;
    this.#onEnd = options.onEnd;
    writer.onClose(() => this.finish({ kind: 'remote' }));
  }

  override get bufferedBytes(): number {
    return this.#writer.bufferedBytes;
  }

  /** A message POSTed by the client. */
  receive(message: unknown): void {
    this.emitMessage(message);
  }

  send(message: unknown): void {
    if (!this.isOpen) return;
    this.#writer.write({ event: 'message', data: stringifyMessage(message) });
    const buffered = this.#writer.bufferedBytes;
    if (buffered > this.#maxBufferedBytes) {
      this.#log.warn('closing a slow reader', { session: this.sessionId, buffered });
      this.finish({ kind: 'slow-reader', bufferedBytes: buffered });
    }
  }

  async close(): Promise<void> {
    this.finish({ kind: 'local' });
  }

  protected override onFinish(reason: CloseReason): void {
    if (reason.kind === 'slow-reader') this.#writer.destroy();
    else this.#writer.end();
    this.#onEnd();
  }
}
