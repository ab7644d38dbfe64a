/**
 * The load generator's JSON-RPC core: ids, the pending map and message encoding, shared by
 * the stdio, Streamable HTTP and WebSocket clients. Hand-written so that the client is never
 * the bottleneck: params can be encoded once (`encodeParams`) and spliced into every request
 * as a string, and only the response envelope is looked at.
 */
export type Json = Record<string, unknown>;
/** Params serialized once and reused for every request of a run. */
export declare class EncodedParams {
    readonly json: string;
    constructor(json: string);
}
export declare const encodeParams: (params: Json) => EncodedParams;
export type Params = Json | EncodedParams;
/** A JSON-RPC error answer from the peer. */
export declare class RpcError extends Error {
    readonly code: number;
    readonly data?: unknown | undefined;
    constructor(code: number, message: string, data?: unknown | undefined);
}
export declare function encodeMessage(id: number | undefined, method: string, params?: Params): string;
export declare abstract class RpcClient {
    private nextId;
    private readonly pending;
    private closedWith;
    /** Server-to-client notifications (progress, list changes). */
    onNotification: ((message: Json) => void) | undefined;
    /** Puts one encoded message on the wire; `id` is set for requests. */
    protected abstract sendText(text: string, id: number | undefined): void;
    abstract close(): Promise<void>;
    get inFlight(): number;
    request(method: string, params?: Params): Promise<Json>;
    notify(method: string, params?: Params): void;
    /** Feeds one parsed inbound value (message or batch). */
    protected receive(value: unknown): void;
    protected receiveText(text: string): void;
    /** Fails one request (transport-level error for that request). */
    protected failOne(id: number, error: Error): void;
    /** Fails everything in flight and every later request. */
    protected failAll(error: Error): void;
    private answerServerRequest;
}
