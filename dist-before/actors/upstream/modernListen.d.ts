import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { Connection, JsonObject } from '../../core/rpc/index.js';
import type { UpstreamClock } from './clock.js';
import type { UpstreamServerInfo } from './handshake.js';
/**
 * The `SubscriptionFilter` of the list changes `capabilities` offer, and of the resources
 * subscribed to when the upstream offers `resources.subscribe` (empty: nothing to ask).
 */
export declare function listChangeFilter(capabilities: JsonObject, resources?: ReadonlySet<string>): JsonObject;
export interface ModernListenOptions {
    name: string;
    connection: Connection;
    server: UpstreamServerInfo;
    clientInfo: ClientInfo;
    capabilities: JsonObject;
    clock: UpstreamClock;
    log: Logger;
    retryMs?: number;
    /** The resource URIs (the upstream's) subscribed to: `resources/subscribe` of the router. */
    resources?: ReadonlySet<string>;
}
/** One upstream's list-change listen, for as long as its connection is ready. */
export declare class ModernListen {
    #private;
    constructor(options: ModernListenOptions);
    /** Whether the upstream offers list changes (and so whether `start` listens at all). */
    get wanted(): boolean;
    /**
     * The filter changed (a resource subscription): one new listen replaces this one on the next
     * turn of the clock, however many changes come before it. Subscribing k URIs in a burst (a
     * client's listen naming them) re-sends the filter once, not k times with 1..k URIs each.
     * Resolves once the new listen is sent (or the restart is dropped): a request written after
     * that reaches a stdio upstream after the new filter, so its updates are not missed.
     */
    restartSoon(): Promise<void>;
    /** The filter changed: the listen is replaced by a new one now. */
    restart(): void;
    start(): void;
    stop(): void;
}
