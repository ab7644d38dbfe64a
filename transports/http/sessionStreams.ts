/**
 * The shapes a Streamable HTTP session routes with (streamableHttpSession.ts): its options,
 * a stream (the GET stream, or one per POST holding requests) and a POST's answer while it is
 * held for one JSON body; how often its drop warnings may repeat.
 */
import type { ServerResponse } from 'node:http';
import type { Logger } from '../../core/log/index.js';
import type { JsonRpcId } from '../../core/rpc/index.js';
import type { SseWriter } from './sseWriter.js';

/** Repeated "dropped" warnings of one session are merged over this period. */
export const DROP_WARNING_MS = 10_000;

export interface StreamableHttpSessionOptions {
  /** Undefined for a one-shot (stateless) exchange: it ends with its POST. */
  sessionId: string | undefined;
  preferJson: boolean;
  /** A POST's answer held this long without a message becomes SSE (0: SSE at once). */
  streamAfterMs: number;
  replayBufferEvents: number;
  replayBufferBytes: number;
  maxPendingMessages: number;
  maxBufferedBytes: number;
  log: Logger;
  onEnd: () => void;
}

/** A POST's answer while it is held for one JSON body. */
export interface JsonReply {
  res: ServerResponse;
  /** The request keys of the POST, in order (the body's order). */
  order: string[];
  responses: Map<string, unknown>;
  batch: boolean;
  /**
   * When the reply turns into SSE (`Date.now()` ms) while it may still (not with
   * `preferJson`: undefined).
   */
  due: number | undefined;
  stream: Stream;
}

export interface Stream {
  id: number;
  seq: number;
  writer: SseWriter | undefined;
  json: JsonReply | undefined;
  /** Unanswered request keys; empty for the GET stream. */
  pending: Map<string, JsonRpcId>;
}

/** A stream with nothing sent or pending yet (0: the session's GET stream). */
export const newStream = (id: number): Stream => ({
  id,
  seq: 0,
  writer: undefined,
  json: undefined,
  pending: new Map(),
});
