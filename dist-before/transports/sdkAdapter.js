import { materialized } from '../core/rpc/index.js';
import { BaseTransport } from './base/index.js';
/** Presents an mcp-mux `Transport` (e.g. one end of `createMemoryPair`) as an SDK transport. */
export function toSdkTransport(transport) {
    const subscriptions = [];
    const adapter = {
        async start() {
            subscriptions.push(
            // Raw payloads (envelope-only reading, core/rpc/envelopeScan.ts) are parsed for the SDK.
            transport.messages$.subscribe((message) => adapter.onmessage?.(materialized(message))), transport.errors$.subscribe((error) => adapter.onerror?.(error)), transport.closed$.subscribe((reason) => {
                if (reason.kind === 'error')
                    adapter.onerror?.(reason.error);
                for (const s of subscriptions)
                    s.unsubscribe();
                adapter.onclose?.();
            }));
        },
        async send(message, options) {
            const send = options?.relatedRequestId === undefined
                ? {}
                : { relatedRequestId: options.relatedRequestId };
            transport.send(message, send);
        },
        close: () => transport.close(),
    };
    return adapter;
}
class FromSdkTransport extends BaseTransport {
    #sdk;
    constructor(sdk) {
        super();
        this.#sdk = sdk;
        sdk.onmessage = (message) => this.emitMessage(message);
        sdk.onclose = () => this.finish({ kind: 'remote' });
        // SDK transports report recoverable trouble (a bad line) on onerror too: not an end.
        sdk.onerror = () => { };
    }
    start() {
        this.#sdk.start().catch((error) => {
            this.finish({
                kind: 'error',
                error: error instanceof Error ? error : new Error(String(error)),
            });
        });
    }
    send(message, options) {
        if (!this.isOpen)
            return;
        const sdkOptions = options?.relatedRequestId === undefined
            ? undefined
            : { relatedRequestId: options.relatedRequestId };
        this.#sdk.send(message, sdkOptions).catch((error) => {
            this.finish({
                kind: 'error',
                error: error instanceof Error ? error : new Error(String(error)),
            });
        });
    }
    async close() {
        if (!this.finish({ kind: 'local' }))
            return;
        await this.#sdk.close();
    }
}
/**
 * Presents an SDK transport (server side, e.g. the SDK's stdio or in-memory transport) as an
 * mcp-mux `Transport` for `router.connect`, or (client side) for an upstream's `openTransport`.
 * The SDK transport is started here.
 */
export function fromSdkTransport(sdk) {
    const transport = new FromSdkTransport(sdk);
    transport.start();
    return transport;
}
//# sourceMappingURL=sdkAdapter.js.map