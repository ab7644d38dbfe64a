/**
 * One legacy HTTP+SSE session (2024-11-05) as a `Transport`: server messages go out as
 * `message` events on the session's single SSE response; client messages arrive through
 * POSTs that the server hands to `receive`. The session ends when the SSE response closes.
 */
import type { Logger } from '../../core/log/index.js';
import type { CloseReason } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import type { SseWriter } from './sseWriter.js';
export declare class SseSession extends BaseTransport {
    #private;
    readonly sessionId: string;
    constructor(sessionId: string, writer: SseWriter, options: {
        maxBufferedBytes: number;
        log: Logger;
        onEnd: () => void;
    });
    get bufferedBytes(): number;
    /** A message POSTed by the client. */
    receive(message: unknown): void;
    send(message: unknown): void;
    close(): Promise<void>;
    protected onFinish(reason: CloseReason): void;
}
