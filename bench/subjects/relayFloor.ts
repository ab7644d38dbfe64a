#!/usr/bin/env node
/**
 * The relay floor: the least a Node stdio proxy that handles messages as text pays per
 * message (`--bytes`: as bytes), measured as a bench subject beside `direct` and `mcp-mux`
 * (bench/README.md, "Reading the report"; figures in bench/notes/2026-11-hot-path.md).
 *
 *   node dist/bench/subjects/relayFloor.js [--bytes] -- <command> [args...]
 *
 * It spawns the upstream, reads NDJSON lines from stdin, gives each request its own id (the
 * client's id text is spliced out and a counter spliced in; the payload is never parsed),
 * writes to the upstream's stdin with the router's write policy (the first line of a tick at
 * once, then every eighth, the rest at the end of the tick), and maps the ids of the responses
 * back the same way. Notifications, responses from the client and requests from the upstream pass through
 * unchanged.
 *
 * It is a floor, not a proxy: no routing, namespacing, queue, timeouts, cancellation mapping,
 * validation, sessions or error answers. A line that is not a JSON object goes through as it
 * is. What it keeps is what every proxy must do: read and decode both pipes, frame lines, find
 * the envelope's `id`, map it, encode and write both pipes.
 *
 * `--bytes` relays the lines as bytes: no UTF-8 decoding or encoding, the pieces around the id
 * written as they were read (`writev`). A proxy that handles JSON as text (the router does)
 * cannot go below the text mode; the bytes mode shows what is left without strings.
 *
 * `--decode` reads and writes with the router's own wire code: its framer and decoder
 * (transports/ndjson.ts, envelope-only with the payload validated and kept raw, as the router's
 * transports read) and its encoder, with a new envelope per message as the router builds one.
 * That is what the issue asks of every message (validated, never forwarded invalid) without
 * the router's per-request machinery: the text floor plus validation and envelopes.
 */
import { spawn } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { ROUTED_RAW_MIN_CHARS } from '../../core/rpc/envelopeScan.js';
import { encodeLine, NdjsonDecoder } from '../../transports/ndjson.js';
import {
  createBatchedWriter,
  createLineSplitter,
  createTickBatcher,
} from '../client/lineSplitter.js';

/** Where a line's top-level `id` value is, and what kind of message it is. */
export interface Envelope {
  /** Text offsets of the `id` value (`idStart === -1`: no id). */
  idStart: number;
  idEnd: number;
  /** A top-level `method` key: a request (with an id) or a notification. */
  method: boolean;
  /** A top-level `result` or `error` key: a response. */
  response: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** From an opening quote to just past the closing one (native `indexOf`, escapes counted). */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/** Past one JSON value starting at `i`: a string, a nested object/array, or a scalar. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) {
        i = skipString(text, i);
        continue;
      }
      if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
      i++;
    }
    return i;
  }
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) return i;
    i++;
  }
  return i;
}

const keyIs = (text: string, start: number, end: number, key: string): boolean =>
  end - start === key.length && text.startsWith(key, start);

/**
 * Finds the top-level `id` and whether the message has `method` or `result`/`error`, reading
 * keys in order and stopping as soon as both are known. The envelopes of the bench (and of
 * most JSON-RPC writers) put `id` and `method` before `params`/`result`, so the payload is not
 * read; a value before them is skipped with a string-aware bracket count.
 */
export function scanEnvelope(text: string): Envelope {
  const env: Envelope = { idStart: -1, idEnd: -1, method: false, response: false };
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return env;
  i++;
  while (i < text.length) {
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== QUOTE) return env;
    const keyStart = i + 1;
    i = skipString(text, i);
    const keyEnd = i - 1;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== COLON) return env;
    i = skipSpace(text, i + 1);
    const valueStart = i;
    i = skipValue(text, i);
    if (keyIs(text, keyStart, keyEnd, 'id')) {
      env.idStart = valueStart;
      env.idEnd = i;
    } else if (keyIs(text, keyStart, keyEnd, 'method')) env.method = true;
    else if (keyIs(text, keyStart, keyEnd, 'result') || keyIs(text, keyStart, keyEnd, 'error')) {
      env.response = true;
    }
    if (env.idStart !== -1 && (env.method || env.response)) return env;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== COMMA) return env;
    i++;
  }
  return env;
}

/** The id mapping of one client/upstream pair; each side's lines in, the line to write out. */
export class IdMap {
  #next = 1;
  /** Our id → the client's id, as the text it was sent with. */
  readonly #pending = new Map<number, string>();

  get size(): number {
    return this.#pending.size;
  }

  /** A line from the client: its requests get our id. */
  fromClient(line: string): string {
    const env = scanEnvelope(line);
    if (env.idStart === -1 || !env.method) return line;
    const id = this.#next++;
    this.#pending.set(id, line.slice(env.idStart, env.idEnd));
    return `${line.slice(0, env.idStart)}${id}${line.slice(env.idEnd)}`;
  }

  /** A line from the upstream: its responses get the client's id back. */
  fromUpstream(line: string): string {
    const env = scanEnvelope(line);
    if (env.idStart === -1 || env.method) return line;
    const id = Number(line.slice(env.idStart, env.idEnd));
    const original = this.#pending.get(id);
    if (original === undefined) return line;
    this.#pending.delete(id);
    return `${line.slice(0, env.idStart)}${original}${line.slice(env.idEnd)}`;
  }
}

/** Leading bytes of a line decoded to find its envelope; the rest only if `id` comes later. */
const HEAD_BYTES = 256;

/**
 * `scanEnvelope` of a line held as bytes. Latin-1 decoding keeps byte offsets, and no byte of
 * a multi-byte UTF-8 character is a quote, backslash, brace, bracket, comma or colon, so the
 * scan is the same; only the head is decoded when `id` and the kind are found in it.
 */
export function scanEnvelopeBytes(line: Buffer): Envelope {
  if (line.length > HEAD_BYTES) {
    const env = scanEnvelope(line.toString('latin1', 0, HEAD_BYTES));
    // An id value that reaches the end of the head may be cut: decode the whole line.
    if (env.idStart !== -1 && env.idEnd < HEAD_BYTES && (env.method || env.response)) return env;
  }
  return scanEnvelope(line.toString('latin1'));
}

/** `IdMap` on bytes: a line in, the pieces to write out (views of the line, no copy). */
export class ByteIdMap {
  #next = 1;
  readonly #pending = new Map<number, Buffer>();

  get size(): number {
    return this.#pending.size;
  }

  fromClient(line: Buffer): Buffer[] {
    const env = scanEnvelopeBytes(line);
    if (env.idStart === -1 || !env.method) return [line];
    const id = this.#next++;
    // A copy: a view would keep the whole read chunk alive until the response.
    this.#pending.set(id, Buffer.from(line.subarray(env.idStart, env.idEnd)));
    return [line.subarray(0, env.idStart), Buffer.from(String(id)), line.subarray(env.idEnd)];
  }

  fromUpstream(line: Buffer): Buffer[] {
    const env = scanEnvelopeBytes(line);
    if (env.idStart === -1 || env.method) return [line];
    const id = Number(line.toString('latin1', env.idStart, env.idEnd));
    const original = this.#pending.get(id);
    if (original === undefined) return [line];
    this.#pending.delete(id);
    return [line.subarray(0, env.idStart), original, line.subarray(env.idEnd)];
  }
}

type Message = Record<string, unknown>;

/**
 * `IdMap` on decoded messages: each forwarded message is a new envelope, as the router's
 * routes build them (a call's `params` rebuilt around its raw `arguments`, a response around
 * its raw `result`), so the encoder writes it from the same template the router's does.
 */
export class MessageIdMap {
  #next = 1;
  readonly #pending = new Map<number, unknown>();

  get size(): number {
    return this.#pending.size;
  }

  fromClient(message: Message): Message {
    if (message.id === undefined || typeof message.method !== 'string') return message;
    const id = this.#next++;
    this.#pending.set(id, message.id);
    const params = message.params as Message | undefined;
    return {
      jsonrpc: '2.0',
      id,
      method: message.method,
      // A call's params rebuilt as the router's routes do; others (with `_meta`) kept whole.
      params:
        params !== undefined && 'arguments' in params && !('_meta' in params)
          ? { name: params.name, arguments: params.arguments }
          : params,
    };
  }

  fromUpstream(message: Message): Message {
    if (typeof message.id !== 'number' || message.method !== undefined) return message;
    const original = this.#pending.get(message.id);
    if (original === undefined) return message;
    this.#pending.delete(message.id);
    return 'result' in message
      ? { jsonrpc: '2.0', id: original, result: message.result }
      : { ...message, id: original };
  }
}

/** Chunks through the router's decoder; each message to `onMessage`, framing errors dropped. */
function decodedMessages(onMessage: (message: Message) => void): (chunk: Buffer) => void {
  const decoder = new NdjsonDecoder({ rawMinChars: ROUTED_RAW_MIN_CHARS });
  return (chunk) => {
    for (const frame of decoder.push(chunk)) {
      if (frame.kind === 'message') onMessage(frame.value as Message);
    }
  };
}

/** Newline-delimited lines as byte views of the chunks (joined only when a line spans chunks). */
function byteLines(onLine: (line: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer[] = [];
  return (chunk) => {
    let start = 0;
    let nl = chunk.indexOf(10);
    while (nl !== -1) {
      let line = chunk.subarray(start, nl);
      if (pending.length > 0) {
        pending.push(line);
        line = Buffer.concat(pending);
        pending = [];
      }
      if (line.length > 0) onLine(line);
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  };
}

const NEWLINE = Buffer.from('\n');
/** The router's `BURST_WRITE_EVERY` (transports/streamTransport.ts). */
const BURST_EVERY = 8;

/**
 * The pieces written in one tick go out in corked `writev`s, with the router's write policy:
 * the first line at once, then every `BURST_EVERY`th, the rest at the end of the tick.
 */
function batchedPieces(stream: Writable): (pieces: Buffer[]) => void {
  return createTickBatcher<Buffer[]>((lines) => {
    stream.cork();
    for (const pieces of lines) {
      for (const piece of pieces) stream.write(piece);
      stream.write(NEWLINE);
    }
    stream.uncork();
  }, BURST_EVERY);
}

/** fd 1 as a non-blocking socket when it is a pipe, as the router's stdio facade writes it. */
export function stdoutStream(): Writable {
  try {
    const stat = fstatSync(1);
    if (stat.isFIFO() || stat.isSocket()) return new Socket({ fd: 1, readable: false });
  } catch {}
  return process.stdout;
}

function main(): void {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const [command, ...args] = dash === -1 ? argv : argv.slice(dash + 1);
  if (!command) {
    process.stderr.write('usage: relayFloor [--bytes | --decode] -- <command> [args...]\n');
    process.exit(2);
  }
  const flags = argv.slice(0, Math.max(0, dash));
  const bytes = flags.includes('--bytes');
  const decode = flags.includes('--decode');
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const out = stdoutStream();
  if (bytes) {
    const ids = new ByteIdMap();
    const toUpstream = batchedPieces(child.stdin);
    const toClient = batchedPieces(out);
    process.stdin.on(
      'data',
      byteLines((line) => toUpstream(ids.fromClient(line))),
    );
    child.stdout.on(
      'data',
      byteLines((line) => toClient(ids.fromUpstream(line))),
    );
  } else if (decode) {
    const ids = new MessageIdMap();
    const toUpstream = createBatchedWriter((text) => child.stdin.write(text), BURST_EVERY);
    const toClient = createBatchedWriter((text) => out.write(text), BURST_EVERY);
    process.stdin.on(
      'data',
      decodedMessages((message) => toUpstream(encodeLine(ids.fromClient(message)))),
    );
    child.stdout.on(
      'data',
      decodedMessages((message) => toClient(encodeLine(ids.fromUpstream(message)))),
    );
  } else {
    const ids = new IdMap();
    const toUpstream = createBatchedWriter((text) => child.stdin.write(text), BURST_EVERY);
    const toClient = createBatchedWriter((text) => out.write(text), BURST_EVERY);
    process.stdin.on(
      'data',
      createLineSplitter((line) => toUpstream(`${ids.fromClient(line)}\n`)),
    );
    child.stdout.on(
      'data',
      createLineSplitter((line) => toClient(`${ids.fromUpstream(line)}\n`)),
    );
  }
  process.stdin.on('end', () => child.stdin.end());
  child.stdin.on('error', () => {});
  out.on('error', () => child.kill());
  child.on('exit', (code) => {
    // What is queued for the client goes out before the relay leaves.
    const exit = (): never => process.exit(code ?? 1);
    if (out === process.stdout) exit();
    out.end(exit);
    setTimeout(exit, 2000).unref();
  });
  child.on('error', (e) => {
    process.stderr.write(`relay-floor: ${e.message}\n`);
    process.exit(1);
  });
  process.on('SIGTERM', () => {
    child.kill('SIGTERM');
    process.exit(0);
  });
}

if (process.argv[1]?.endsWith('relayFloor.js')) main();
