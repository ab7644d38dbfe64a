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
import type { Logger } from '../../core/log/index.js';
import type { CloseReason, SendOptions } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
export interface ModernExchangeOptions {
    /** HTTP status for a JSON-RPC error response with this code (default 200). */
    statusOf?: (code: number) => number;
    /** Bytes the SSE response may hold unsent before the exchange is closed as a slow reader. */
    maxBufferedBytes: number;
    log: Logger;
    onEnd: () => void;
}
export declare class ModernExchange extends BaseTransport {
    #private;
    constructor(res: ServerResponse, options: ModernExchangeOptions);
    get bufferedBytes(): number;
    /** Delivers the POSTed message; a notification is acknowledged with 202 at once. */
    accept(message: unknown): void;
    send(message: unknown, _options?: SendOptions): void;
    close(): Promise<void>;
    protected onFinish(reason: CloseReason): void;
}
