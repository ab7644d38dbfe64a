/**
 * The plumbing every network transport shares: the three observables of the contract and the
 * close-once rule. Subclasses call `emitText` / `emitMessage` for what they read, and `finish`
 * exactly where the transport ends; `finish` is idempotent, so racing ends (a local close and
 * a socket error) report only the first reason.
 */
import { ReplaySubject, Subject } from 'rxjs';
import { type CloseReason, FrameError, type SendOptions, type Transport } from './transport.js';

export abstract class BaseTransport implements Transport {
  readonly #messages = new Subject<unknown>();
  readonly #errors = new Subject<FrameError>();
  readonly #closed = new ReplaySubject<CloseReason>(1);
  readonly messages$ = this.#messages.asObservable();
  readonly errors$ = this.#errors.asObservable();
  readonly closed$ = this.#closed.asObservable();
  #open = true;

  get isOpen(): boolean {
    return this.#open;
  }

  get bufferedBytes(): number {
    return 0;
  }

  abstract send(message: unknown, options?: SendOptions): void;
  abstract close(): Promise<void>;

  /** Parses one frame of text and emits it, or emits a parse `FrameError`. Never throws. */
  protected emitText(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.emitError(new FrameError('parse', 'Parse error: the message is not valid JSON'));
      return;
    }
    this.emitMessage(value);
  }

  protected emitMessage(value: unknown): void {
    if (this.#open) this.#messages.next(value);
  }

  protected emitError(error: FrameError): void {
    if (this.#open) this.#errors.next(error);
  }

  /** Ends the transport once; returns false when it had already ended. */
  protected finish(reason: CloseReason): boolean {
    if (!this.#open) return false;
    this.#open = false;
    this.#closed.next(reason);
    this.#closed.complete();
    this.#messages.complete();
    this.#errors.complete();
    this.onFinish(reason);
    return true;
  }

  /** Hook for subclasses: release sockets, timers and subjects of their own. */
  protected onFinish(_reason: CloseReason): void {}
}
