/**
 * Adapters between mcp-mux's `Transport` and the official MCP SDKs' transport shape
 * (`start`, `send`, `close`, `onmessage`, `onclose`, `onerror`), so an SDK `Client` or `Server`
 * plugs into `createMemoryPair` or `router.connect` without hand-written glue. The SDK shape is
 * declared here structurally: runtime code never imports an SDK.
 *
 *   const [clientEnd, routerEnd] = createMemoryPair();
 *   router.connect(routerEnd);
 *   await sdkClient.connect(toSdkTransport(clientEnd));
 *
 *   router.connect(fromSdkTransport(new SdkStdioServerTransport()));
 */
import type { Subscription } from 'rxjs';
import type { SendOptions, Transport } from '../core/rpc/index.js';
import { materialized } from '../core/rpc/index.js';
import { BaseTransport } from './base/index.js';

type Message = Record<string, unknown>;

/** The transport shape of the MCP TypeScript SDK (v1 `Transport`, v2 likewise). */
export interface SdkTransport {
  start(): Promise<void>;
  send(message: Message, options?: { relatedRequestId?: string | number }): Promise<void>;
  close(): Promise<void>;
  // Method syntax: the SDK's own handler types (JSONRPCMessage, MessageExtraInfo) fit.
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: Message, extra?: unknown): void;
  sessionId?: string | undefined;
  setProtocolVersion?: (version: string) => void;
}

/** Presents an mcp-mux `Transport` (e.g. one end of `createMemoryPair`) as an SDK transport. */
export function toSdkTransport(transport: Transport): SdkTransport {
  const subscriptions: Subscription[] = [];
  const adapter: SdkTransport = {
    async start() {
      subscriptions.push(
        // Raw payloads (envelope-only reading, core/rpc/envelopeScan.ts) are parsed for the SDK.
        transport.messages$.subscribe((message) =>
          adapter.onmessage?.(materialized(message) as Message),
        ),
        transport.errors$.subscribe((error) => adapter.onerror?.(error)),
        transport.closed$.subscribe((reason) => {
          if (reason.kind === 'error') adapter.onerror?.(reason.error);
          for (const s of subscriptions) s.unsubscribe();
          adapter.onclose?.();
        }),
      );
    },
    async send(message, options) {
      const send: SendOptions =
        options?.relatedRequestId === undefined
          ? {}
          : { relatedRequestId: options.relatedRequestId };
      transport.send(message, send);
    },
    close: () => transport.close(),
  };
  return adapter;
}

class FromSdkTransport extends BaseTransport {
  readonly #sdk: SdkTransport;

  constructor(sdk: SdkTransport) {
    super();
    this.#sdk = sdk;
    sdk.onmessage = (message) => this.emitMessage(message);
    sdk.onclose = () => this.finish({ kind: 'remote' });
    // SDK transports report recoverable trouble (a bad line) on onerror too: not an end.
    sdk.onerror = () => {};
  }

  start(): void {
    this.#sdk.start().catch((error: unknown) => {
      this.finish({
        kind: 'error',
        error: error instanceof Error ? error : new Error(String(error)),
      });
    });
  }

  send(message: unknown, options?: SendOptions): void {
    if (!this.isOpen) return;
    const sdkOptions =
      options?.relatedRequestId === undefined
        ? undefined
        : { relatedRequestId: options.relatedRequestId };
    this.#sdk.send(message as Message, sdkOptions).catch((error: unknown) => {
      this.finish({
        kind: 'error',
        error: error instanceof Error ? error : new Error(String(error)),
      });
    });
  }

  async close(): Promise<void> {
    if (!this.finish({ kind: 'local' })) return;
    await this.#sdk.close();
  }
}

/**
 * Presents an SDK transport (server side, e.g. the SDK's stdio or in-memory transport) as an
 * mcp-mux `Transport` for `router.connect`, or (client side) for an upstream's `openTransport`.
 * The SDK transport is started here.
 */
export function fromSdkTransport(sdk: SdkTransport): Transport {
  const transport = new FromSdkTransport(sdk);
  transport.start();
  return transport;
}
