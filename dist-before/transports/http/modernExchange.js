import { ErrorCode } from '../../core/errors/index.js';
import { stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { sendJson } from './jsonReply.js';
import { responseIds, shapeOf } from './messageShape.js';
import { formatSseEvent, SseWriter } from './sseWriter.js';
const CLOSED_EXCHANGE = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: ErrorCode.InternalError, message: 'The server closed the exchange' },
});
const errorCodeOf = (message) => {
    const error = message.error;
    return typeof error?.code === 'number' ? error.code : undefined;
};
export class ModernExchange extends BaseTransport {
    #res;
    #options;
    #writer;
    constructor(res, options) {
        super();
        this.#res = res;
        this.#options = options;
        res.on('close', () => {
            if (!res.writableFinished)
                this.finish({ kind: 'remote' });
        });
    }
    get bufferedBytes() {
        return this.#writer?.bufferedBytes ?? 0;
    }
    /** Delivers the POSTed message; a notification is acknowledged with 202 at once. */
    accept(message) {
        if (shapeOf(message) !== 'request') {
            this.#res.writeHead(202).end();
            this.emitMessage(message);
            this.finish({ kind: 'remote' });
            return;
        }
        this.emitMessage(message);
    }
    send(message, _options) {
        if (!this.isOpen)
            return;
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
        if (this.#writer)
            this.#writer.writeRaw(event);
        else
            this.#writer = new SseWriter(this.#res, event); // with `X-Accel-Buffering: no`
        if (isResponse) {
            this.#writer.end();
            this.finish({ kind: 'remote' });
        }
        else if (this.#writer.bufferedBytes > this.#options.maxBufferedBytes) {
            this.#options.log.warn('closing a slow reader (modern exchange)');
            this.finish({ kind: 'slow-reader', bufferedBytes: this.#writer.bufferedBytes });
        }
    }
    async close() {
        this.finish({ kind: 'local' });
    }
    onFinish(reason) {
        if (!this.#res.headersSent) {
            sendJson(this.#res, 503, CLOSED_EXCHANGE);
        }
        else if (reason.kind === 'slow-reader')
            this.#writer?.destroy();
        else if (!this.#res.writableEnded)
            this.#writer ? this.#writer.end() : this.#res.end();
        this.#options.onEnd();
    }
}
//# sourceMappingURL=modernExchange.js.map