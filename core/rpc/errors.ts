/**
 * Two error families (STYLE.md, principle 4):
 * - `RpcError`: a wire error (code, message, data) that goes to the peer as a JSON-RPC error.
 * - `LocalError`: a local failure with a string code; it never goes on the wire as is, it is
 *   turned into an `RpcError` at the edge with `toRpcError`.
 *
 * JSON-RPC reserves -32768..-32000. -32700..-32600 are the standard codes; -32099..-32000 are
 * implementation-defined server errors, where mcp-mux keeps its own codes.
 */
import type { JsonRpcErrorObject } from './jsonrpc.js';

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** MCP: the server needs the client to complete a URL-mode elicitation first. */
  UrlElicitationRequired: -32042,
  /** MCP (2024-11-05..): a resource was not found. */
  ResourceNotFound: -32002,
  /** mcp-mux: the upstream's bounded queue is full. */
  Overloaded: -32010,
  /** mcp-mux: the upstream is not connected, died, or closed while the request was in flight. */
  UpstreamUnavailable: -32011,
  /** mcp-mux: the request timed out (idle or total). */
  RequestTimeout: -32001,
  /** mcp-mux: the request was cancelled by the router (shutdown, session end). */
  RequestCancelled: -32012,
  /** mcp-mux: the message is larger than the configured maximum. */
  MessageTooLarge: -32013,
} as const;

export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }

  static from(error: JsonRpcErrorObject): RpcError {
    return new RpcError(error.code, error.message, error.data);
  }

  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export type LocalErrorCode =
  | 'timeout'
  | 'max-total-timeout'
  | 'closed'
  | 'cancelled'
  | 'overloaded'
  | 'upstream-unavailable'
  | 'config'
  | 'framing';

export class LocalError extends Error {
  readonly code: LocalErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: LocalErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'LocalError';
    this.code = code;
    this.details = details;
  }
}

const localToWire: Record<LocalErrorCode, number> = {
  timeout: ErrorCode.RequestTimeout,
  'max-total-timeout': ErrorCode.RequestTimeout,
  closed: ErrorCode.UpstreamUnavailable,
  cancelled: ErrorCode.RequestCancelled,
  overloaded: ErrorCode.Overloaded,
  'upstream-unavailable': ErrorCode.UpstreamUnavailable,
  config: ErrorCode.InternalError,
  framing: ErrorCode.ParseError,
};

/** Turns anything thrown into the error object that goes to the peer. */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  if (error instanceof LocalError) {
    return new RpcError(localToWire[error.code], error.message, {
      reason: error.code,
      ...error.details,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RpcError(ErrorCode.InternalError, `Internal error: ${message}`);
}
