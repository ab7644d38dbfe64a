/**
 * What the hot path hands the audit per call (`AuditEntry`: the raw facts of one routed call,
 * no text built, nothing hashed), and how `AuditThread` packs entries for its worker
 * (`AuditBatch`, read back by `readBatch`). A batch is two transferable buffers and a short
 * list of new strings, so posting it copies nothing and leaves nothing for the router's
 * garbage collector:
 *
 * - `numbers` (Float64Array), `STRIDE` slots per entry: its kind, time, duration, bytes out,
 *   error code, where its arguments lie in `bytes`, and the ids of its strings;
 * - `bytes`: the arguments' UTF-8 text, copied out of the call's string at once (a string
 *   kept until the batch is posted outlived the young generation: the garbage collector then
 *   cost more than the rest of the audit);
 * - strings (principals, sessions, upstreams, names, outcomes) travel once, as ids after
 *   that; both tables start afresh, between batches, past `MAX_STRINGS` (`reset`).
 */

export interface AuditEntry {
  /** Wall-clock ms when the call was routed. */
  readonly time: number;
  readonly principal: string | undefined;
  readonly session: string | undefined;
  /** The profile the client is in; undefined: the whole router. */
  readonly profile: string | undefined;
  readonly upstream: string;
  readonly method: string;
  /** The name the facade exposes (tools and prompts). */
  readonly exposed: string | undefined;
  readonly name: string | undefined;
  /** The arguments' JSON text as sent (or its UTF-8 bytes); undefined when absent or not kept (`none`). */
  readonly arguments: string | Uint8Array | undefined;
  /** Bytes of the arguments when their text is not kept (else measured from it). */
  readonly bytesIn: number | undefined;
  readonly approval: string | undefined;
  readonly outcome: string;
  /** The JSON-RPC error code of an error outcome. */
  readonly code: number | undefined;
  readonly durationMs: number;
  readonly bytesOut: number;
}

/** What a batch is posted as (`bytes` and `numbers` are transferred). */
export interface BatchMessage {
  readonly type: 'batch';
  /** Entries and gaps in `numbers`. */
  readonly records: number;
  readonly entries: number;
  readonly numbers: Float64Array;
  readonly bytes: Uint8Array;
  /** Strings first used in this batch, ids `firstId`, `firstId + 1`, …. */
  readonly strings: string[];
  readonly firstId: number;
  /** The string tables start afresh with this batch. */
  readonly reset: boolean;
}

const ENTRY = 0;
const GAP = 1;
/** Slots per record: kind, time, durationMs, bytesOut, code, argsStart, argsLength, 9 string ids. */
const STRIDE = 16;
const MAX_STRINGS = 1 << 16;
/** `argsStart` of an entry without arguments in `bytes` (`argsLength` is then `bytesIn`). */
const NO_ARGS = -1;
const MIN_BYTES = 64 * 1024;
const MIN_RECORDS = 256;

/** The main thread's side: packs entries until `take()`. */
export class AuditBatch {
  #ids = new Map<string, number>();
  #nextId = 1;
  #firstId = 1;
  #strings: string[] = [];
  #reset = false;
  #numbers: Float64Array;
  #bytes: Buffer;
  #records = 0;
  #used = 0;
  /** Buffers of written batches, back from the worker (`recycle`). */
  #spare: { numbers: Float64Array; bytes: Buffer }[] = [];
  entries = 0;

  constructor() {
    this.#numbers = new Float64Array(MIN_RECORDS * STRIDE);
    this.#bytes = Buffer.allocUnsafeSlow(MIN_BYTES);
  }

  add(e: AuditEntry): void {
    const at = this.#slot();
    const n = this.#numbers;
    n[at] = ENTRY;
    n[at + 1] = e.time;
    n[at + 2] = e.durationMs;
    n[at + 3] = e.bytesOut;
    n[at + 4] = e.code ?? Number.NaN;
    const args = e.arguments;
    if (args === undefined) {
      n[at + 5] = NO_ARGS;
      n[at + 6] = e.bytesIn ?? 0;
    } else {
      n[at + 5] = this.#used;
      n[at + 6] = this.#copy(args);
    }
    n[at + 7] = this.#id(e.principal);
    n[at + 8] = this.#id(e.session);
    n[at + 9] = this.#id(e.upstream);
    n[at + 10] = this.#id(e.method);
    n[at + 11] = this.#id(e.exposed);
    n[at + 12] = this.#id(e.name);
    n[at + 13] = this.#id(e.approval);
    n[at + 14] = this.#id(e.outcome);
    n[at + 15] = this.#id(e.profile);
    this.entries++;
  }

  /** `dropped` entries are missing here. */
  gap(time: number, dropped: number): void {
    const at = this.#slot();
    this.#numbers[at] = GAP;
    this.#numbers[at + 1] = time;
    this.#numbers[at + 2] = dropped;
  }

  /** The batch so far (to post, transferring `numbers.buffer` and `bytes.buffer`); starts the next. */
  take(): BatchMessage {
    const message: BatchMessage = {
      type: 'batch',
      records: this.#records,
      entries: this.entries,
      numbers: this.#numbers,
      bytes: this.#bytes,
      strings: this.#strings,
      firstId: this.#firstId,
      reset: this.#reset,
    };
    // The next batch's buffers are sized for a batch like this one: a spare pair if it is
    // large enough, else new ones.
    const slots = Math.max(MIN_RECORDS, this.#records) * STRIDE;
    const bytes = Math.max(MIN_BYTES, this.#used);
    const spare = this.#spare.pop();
    if (spare !== undefined && spare.numbers.length >= slots && spare.bytes.length >= bytes) {
      this.#numbers = spare.numbers;
      this.#bytes = spare.bytes;
    } else {
      this.#numbers = new Float64Array(slots);
      this.#bytes = Buffer.allocUnsafeSlow(bytes);
    }
    this.#records = 0;
    this.#used = 0;
    this.entries = 0;
    this.#strings = [];
    // Sessions come and go: past the bound, both sides start afresh with the next batch.
    this.#reset = this.#nextId >= MAX_STRINGS;
    if (this.#reset) {
      this.#ids.clear();
      this.#nextId = 1;
    }
    this.#firstId = this.#nextId;
    return message;
  }

  /**
   * The buffers of a batch the worker has written, sent back: reused, so that a steady flow of
   * batches allocates nothing (fresh buffers every 25 ms kept the garbage collector busy
   * with external memory).
   */
  recycle(numbers: Float64Array, bytes: Uint8Array): void {
    if (this.#spare.length >= 2) return;
    this.#spare.push({ numbers, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
  }

  #slot(): number {
    const at = this.#records * STRIDE;
    if (at + STRIDE > this.#numbers.length) {
      const grown = new Float64Array(this.#numbers.length * 2);
      grown.set(this.#numbers);
      this.#numbers = grown;
    }
    this.#records++;
    return at;
  }

  /** Copies the arguments' UTF-8 bytes into `bytes`; returns how many. */
  #copy(args: string | Uint8Array): number {
    // At most 3 bytes per UTF-16 unit.
    const most = typeof args === 'string' ? args.length * 3 : args.length;
    if (this.#used + most > this.#bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#used + most));
      this.#bytes.copy(grown, 0, 0, this.#used);
      this.#bytes = grown;
    }
    let length = args.length;
    if (typeof args === 'string') length = this.#bytes.write(args, this.#used);
    else this.#bytes.set(args, this.#used);
    this.#used += length;
    return length;
  }

  #id(text: string | undefined): number {
    if (text === undefined) return 0;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(text, id);
      this.#strings.push(text);
    }
    return id;
  }
}

/** The worker's side: the strings of the batches so far, by id. */
export class BatchReader {
  #strings: (string | undefined)[] = [undefined];

  /** Walks a batch in order: each entry (its arguments as bytes), and each gap where it was. */
  read(
    m: BatchMessage,
    entry: (e: AuditEntry) => void,
    gap: (time: number, dropped: number) => void,
  ): void {
    if (m.reset) this.#strings = [undefined];
    const table = this.#strings;
    for (let i = 0; i < m.strings.length; i++) table[m.firstId + i] = m.strings[i];
    const n = m.numbers;
    const text = (at: number): string | undefined => table[n[at] as number];
    for (let r = 0; r < m.records; r++) {
      const at = r * STRIDE;
      if (n[at] === GAP) {
        gap(n[at + 1] as number, n[at + 2] as number);
        continue;
      }
      const start = n[at + 5] as number;
      const length = n[at + 6] as number;
      const code = n[at + 4] as number;
      entry({
        time: n[at + 1] as number,
        durationMs: n[at + 2] as number,
        bytesOut: n[at + 3] as number,
        code: Number.isNaN(code) ? undefined : code,
        arguments: start === NO_ARGS ? undefined : m.bytes.subarray(start, start + length),
        bytesIn: start === NO_ARGS ? length : undefined,
        principal: text(at + 7),
        session: text(at + 8),
        upstream: text(at + 9) ?? '',
        method: text(at + 10) ?? '',
        exposed: text(at + 11),
        name: text(at + 12),
        approval: text(at + 13),
        outcome: text(at + 14) ?? '',
        profile: text(at + 15),
      });
    }
  }
}
