/**
 * Serves a router on a listening server transport (an HTTP handler or facade, a WebSocket
 * facade…): each client session it accepts becomes one downstream session of the router.
 */
import type { Transport, TransportServer } from '../../core/rpc/index.js';
export interface Served {
    /** Stops accepting sessions and closes the server transport (the router stays up). */
    close(): Promise<void>;
}
export declare function serveOn(router: {
    connect(transport: Transport): unknown;
}, server: TransportServer): Served;
