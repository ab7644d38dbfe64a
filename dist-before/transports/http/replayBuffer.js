export const formatEventId = (streamId, seq) => `${streamId}:${seq}`;
/** Parses `<streamId>:<seq>`; undefined for anything else. */
export function parseEventId(id) {
    const match = /^(\d{1,15}):(\d{1,15})$/.exec(id);
    if (!match)
        return undefined;
    return { streamId: Number(match[1]), seq: Number(match[2]) };
}
export class ReplayBuffer {
    #maxEvents;
    #maxBytes;
    #entries = [];
    #start = 0;
    #bytes = 0;
    constructor(maxEvents, maxBytes) {
        this.#maxEvents = Math.max(0, maxEvents);
        this.#maxBytes = Math.max(0, maxBytes);
    }
    get size() {
        return this.#entries.length - this.#start;
    }
    push(streamId, seq, data) {
        if (this.#maxEvents === 0)
            return;
        const bytes = Buffer.byteLength(data);
        this.#entries.push({ streamId, seq, data, bytes });
        this.#bytes += bytes;
        while (this.size > this.#maxEvents || (this.#bytes > this.#maxBytes && this.size > 0)) {
            const dropped = this.#entries[this.#start++];
            this.#bytes -= dropped.bytes;
        }
        // Compact lazily so eviction stays O(1) amortised.
        if (this.#start > 64 && this.#start * 2 > this.#entries.length) {
            this.#entries = this.#entries.slice(this.#start);
            this.#start = 0;
        }
    }
    /** The kept events of `streamId` after `seq`, oldest first. */
    after(streamId, seq) {
        const out = [];
        for (let i = this.#start; i < this.#entries.length; i++) {
            const entry = this.#entries[i];
            if (entry.streamId === streamId && entry.seq > seq)
                out.push(entry);
        }
        return out;
    }
}
//# sourceMappingURL=replayBuffer.js.map