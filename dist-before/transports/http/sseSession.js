import { stringifyMessage } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
export class SseSession extends BaseTransport {
    sessionId;
    #writer;
    #maxBufferedBytes;
    #log;
    #onEnd;
    constructor(sessionId, writer, options) {
        super();
        this.sessionId = sessionId;
        this.#writer = writer;
        this.#maxBufferedBytes = options.maxBufferedBytes;
        this.#log = options.log;
        this.#onEnd = options.onEnd;
        writer.onClose(() => this.finish({ kind: 'remote' }));
    }
    get bufferedBytes() {
        return this.#writer.bufferedBytes;
    }
    /** A message POSTed by the client. */
    receive(message) {
        this.emitMessage(message);
    }
    send(message) {
        if (!this.isOpen)
            return;
        this.#writer.write({ event: 'message', data: stringifyMessage(message) });
        const buffered = this.#writer.bufferedBytes;
        if (buffered > this.#maxBufferedBytes) {
            this.#log.warn('closing a slow reader', { session: this.sessionId, buffered });
            this.finish({ kind: 'slow-reader', bufferedBytes: buffered });
        }
    }
    async close() {
        this.finish({ kind: 'local' });
    }
    onFinish(reason) {
        if (reason.kind === 'slow-reader')
            this.#writer.destroy();
        else
            this.#writer.end();
        this.#onEnd();
    }
}
//# sourceMappingURL=sseSession.js.map