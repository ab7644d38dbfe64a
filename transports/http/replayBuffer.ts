/**
 * A session's record of the SSE events it sent, for `Last-Event-ID` resumption. Bounded by an
 * event count and a byte total; the oldest events go first. An event id is
 * `<streamId>:<seq>`, so an id names the stream it belongs to and a replay never crosses
 * streams (spec: "MUST NOT replay messages that would have been delivered on a different
 * stream").
 */
export interface ReplayEntry {
  streamId: number;
  seq: number;
  data: string;
  bytes: number;
}

export const formatEventId = (streamId: number, seq: number): string => `${streamId}:${seq}`;

/** Parses `<streamId>:<seq>`; undefined for anything else. */
export function parseEventId(id: string): { streamId: number; seq: number } | undefined {
  const match = /^(\d{1,15}):(\d{1,15})$/.exec(id);
  if (!match) return undefined;
  return { streamId: Number(match[1]), seq: Number(match[2]) };
}

export class ReplayBuffer {
  readonly #maxEvents: number;
  readonly #maxBytes: number;
  #entries: ReplayEntry[] = [];
  #start = 0;
  #bytes = 0;

  constructor(maxEvents: number, maxBytes: number) {
    this.#maxEvents = Math.max(0, maxEvents);
    this.#maxBytes = Math.max(0, maxBytes);
  }

  get size(): number {
    return this.#entries.length - this.#start;
  }

  push(streamId: number, seq: number, data: string): void {
    if (this.#maxEvents === 0) return;
    const bytes = Buffer.byteLength(data);
    this.#entries.push({ streamId, seq, data, bytes });
    this.#bytes += bytes;
    while (this.size > this.#maxEvents || (this.#bytes > this.#maxBytes && this.size > 0)) {
      const dropped = this.#entries[this.#start++]!;
      this.#bytes -= dropped.bytes;
    }
    // Compact lazily so eviction stays O(1) amortised.
    if (this.#start > 64 && this.#start * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#start);
      this.#start = 0;
    }
  }

  /** The kept events of `streamId` after `seq`, oldest first. */
  after(streamId: number, seq: number): ReplayEntry[] {
    const out: ReplayEntry[] = [];
    for (let i = this.#start; i < this.#entries.length; i++) {
      const entry = this.#entries[i]!;
      if (entry.streamId === streamId && entry.seq > seq) out.push(entry);
    }
    return out;
  }
}
