import type { Principal } from '../../core/auth/index.js';
import { type BufferedTransport, type CloseReason, FrameError, type SendOptions } from '../../core/rpc/index.js';
export declare abstract class BaseTransport implements BufferedTransport {
    #private;
    readonly messages$: import("rxjs").Observable<unknown>;
    readonly errors$: import("rxjs").Observable<FrameError>;
    readonly closed$: import("rxjs").Observable<CloseReason>;
    /**
     * Messages read that nest deeper are not passed on: `errors$` gets `FrameError('too-deep')`
     * with their id instead (transports/base/depthCheck.ts). Listeners set it from their options.
     */
    maxJsonDepth: number;
    /** Who the peer is (server transports behind authentication): set by the listener. */
    principal: Principal | undefined;
    /** The profile named by the URL path (`/mcp/<name>`): set by the listener; a label only. */
    profile: string | undefined;
    get isOpen(): boolean;
    get bufferedBytes(): number;
    abstract send(message: unknown, options?: SendOptions): void;
    abstract close(): Promise<void>;
    /**
     * Parses one frame of text and emits it, or emits a parse `FrameError`. Never throws.
     * `bytes`: the UTF-8 bytes the text was decoded from, if at hand (core/rpc/stringStops.ts);
     * `rawMinChars`: payloads kept raw from this length (`decodeMessage`, default 256).
     */
    protected emitText(text: string, bytes?: Uint8Array, rawMinChars?: number): void;
    protected emitMessage(value: unknown): void;
    protected emitError(error: FrameError): void;
    /** Ends the transport once; returns false when it had already ended. */
    protected finish(reason: CloseReason): boolean;
    /** Hook for subclasses: release sockets, timers and subjects of their own. */
    protected onFinish(_reason: CloseReason): void;
}
