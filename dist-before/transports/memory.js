/**
 * A linked in-memory pair of transports, for tests and for embedding mcp-mux in-process.
 * Delivery is synchronous and copies each message (JSON round trip), so the two sides never
 * share objects and behave as over a real wire (`undefined` members vanish, ids stay typed).
 */
import { stringifyMessage } from '../core/rpc/index.js';
import { BaseTransport } from './base/index.js';
class MemoryTransport extends BaseTransport {
    peer;
    send(message) {
        if (!this.isOpen)
            return;
        this.peer?.deliver(stringifyMessage(message));
    }
    /** Feeds raw text to this side, as if the peer had written it (tests use it for bad input). */
    deliver(text) {
        if (this.isOpen)
            this.emitText(text);
    }
    async close() {
        this.end({ kind: 'local' });
        this.peer?.end({ kind: 'remote' });
    }
    end(reason) {
        this.finish(reason);
    }
}
/** Two transports wired to each other: what one sends, the other reads. */
export function createMemoryPair() {
    const a = new MemoryTransport();
    const b = new MemoryTransport();
    a.peer = b;
    b.peer = a;
    return [a, b];
}
//# sourceMappingURL=memory.js.map