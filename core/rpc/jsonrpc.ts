/**
 * The JSON-RPC 2.0 message model. mcp-mux parses envelopes only: a message is classified
 * by its keys, and everything below `params` / `result` is passed through untouched.
 */

/** A request id. `0` and `""` are valid ids; `null` is not (MCP forbids it). */
export type JsonRpcId = string | number;

export type JsonObject = { [key: string]: unknown };

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: JsonObject;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonObject;
}

import type { JsonRpcErrorObject } from '../errors/index.js';

export type { JsonRpcErrorObject };

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: JsonObject;
}

export interface JsonRpcFailure {
  jsonrpc: '2.0';
  /** `null` only when the id of the offending request could not be read (parse error). */
  id: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/**
 * What a value read off the wire is. `invalid` carries the reason and, when it could be
 * read, the id to answer with (an invalid request that has an id gets an error response).
 */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'batch'; messages: unknown[] }
  | { kind: 'invalid'; reason: string; id: JsonRpcId | null };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** Classifies one parsed JSON value by its keys. Never throws. */
export function classify(value: unknown): Classified {
  if (Array.isArray(value)) return { kind: 'batch', messages: value };
  if (!isObject(value))
    return { kind: 'invalid', reason: 'message is not a JSON object', id: null };
  const id = isId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', reason: 'jsonrpc must be "2.0"', id };
  const { method } = value;
  if (method !== undefined) {
    if (typeof method !== 'string')
      return { kind: 'invalid', reason: 'method must be a string', id };
    if (value.params !== undefined && !isObject(value.params)) {
      return { kind: 'invalid', reason: 'params must be an object', id };
    }
    if (!('id' in value))
      return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (value.id === null)
      return { kind: 'invalid', reason: 'request id must not be null', id: null };
    if (id === null)
      return { kind: 'invalid', reason: 'request id must be a string or a number', id: null };
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  if ('result' in value || 'error' in value) {
    if ('result' in value && 'error' in value) {
      return { kind: 'invalid', reason: 'a response has either result or error, not both', id };
    }
    if ('error' in value) {
      const error = value.error;
      if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
        return { kind: 'invalid', reason: 'error must have an integer code and a message', id };
      }
      if (id === null && value.id !== null) {
        return {
          kind: 'invalid',
          reason: 'response id must be a string, a number or null',
          id: null,
        };
      }
      return { kind: 'response', message: value as unknown as JsonRpcFailure };
    }
    if (id === null)
      return { kind: 'invalid', reason: 'response id must be a string or a number', id: null };
    if (!isObject(value.result)) return { kind: 'invalid', reason: 'result must be an object', id };
    return { kind: 'response', message: value as unknown as JsonRpcSuccess };
  }
  return { kind: 'invalid', reason: 'neither a method nor a result or an error', id };
}

export const request = (id: JsonRpcId, method: string, params?: JsonObject): JsonRpcRequest =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };

export const notification = (method: string, params?: JsonObject): JsonRpcNotification =>
  params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };

export const success = (id: JsonRpcId, result: JsonObject): JsonRpcSuccess => ({
  jsonrpc: '2.0',
  id,
  result,
});

export const failure = (id: JsonRpcId | null, error: JsonRpcErrorObject): JsonRpcFailure => ({
  jsonrpc: '2.0',
  id,
  error,
});

export const isResponse = (m: JsonRpcMessage): m is JsonRpcResponse => !('method' in m);
