/**
 * A linked in-memory pair of transports, for tests and for embedding mcp-mux in-process.
 * Delivery is synchronous and copies each message (JSON round trip), so the two sides never
 * share objects and behave as over a real wire (`undefined` members vanish, ids stay typed).
 */
import type { Transport } from '../core/rpc/index.js';
export type MemoryTransportEnd = Transport & {
    deliver(text: string): void;
};
/** Two transports wired to each other: what one sends, the other reads. */
export declare function createMemoryPair(): [MemoryTransportEnd, MemoryTransportEnd];
