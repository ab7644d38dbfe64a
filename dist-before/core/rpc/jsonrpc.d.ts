/**
 * The JSON-RPC 2.0 message model. mcp-mux parses envelopes only: a message is classified
 * by its keys, and everything below `params` / `result` is passed through untouched.
 */
/** A request id. `0` and `""` are valid ids; `null` is not (MCP forbids it). */
export type JsonRpcId = string | number;
export type JsonObject = {
    [key: string]: unknown;
};
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
export type Classified = {
    kind: 'request';
    message: JsonRpcRequest;
} | {
    kind: 'notification';
    message: JsonRpcNotification;
} | {
    kind: 'response';
    message: JsonRpcResponse;
} | {
    kind: 'batch';
    messages: unknown[];
} | {
    kind: 'invalid';
    reason: string;
    id: JsonRpcId | null;
};
/** Classifies one parsed JSON value by its keys. Never throws. */
export declare function classify(value: unknown): Classified;
export declare const request: (id: JsonRpcId, method: string, params?: JsonObject) => JsonRpcRequest;
export declare const notification: (method: string, params?: JsonObject) => JsonRpcNotification;
export declare const success: (id: JsonRpcId, result: JsonObject) => JsonRpcSuccess;
export declare const failure: (id: JsonRpcId | null, error: JsonRpcErrorObject) => JsonRpcFailure;
export declare const isResponse: (m: JsonRpcMessage) => m is JsonRpcResponse;
