import type { Transport } from '../core/rpc/index.js';
type Message = Record<string, unknown>;
/** The transport shape of the MCP TypeScript SDK (v1 `Transport`, v2 likewise). */
export interface SdkTransport {
    start(): Promise<void>;
    send(message: Message, options?: {
        relatedRequestId?: string | number;
    }): Promise<void>;
    close(): Promise<void>;
    onclose?(): void;
    onerror?(error: Error): void;
    onmessage?(message: Message, extra?: unknown): void;
    sessionId?: string | undefined;
    setProtocolVersion?: (version: string) => void;
}
/** Presents an mcp-mux `Transport` (e.g. one end of `createMemoryPair`) as an SDK transport. */
export declare function toSdkTransport(transport: Transport): SdkTransport;
/**
 * Presents an SDK transport (server side, e.g. the SDK's stdio or in-memory transport) as an
 * mcp-mux `Transport` for `router.connect`, or (client side) for an upstream's `openTransport`.
 * The SDK transport is started here.
 */
export declare function fromSdkTransport(sdk: SdkTransport): Transport;
export {};
