import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger } from '../../core/log/index.js';
import type { Transport } from '../../core/rpc/index.js';
import { type Protection } from './protection.js';
export interface SseServerOptions {
    /** Path of the POST endpoint announced in the `endpoint` event (default `/messages`). */
    messagesPath?: string;
    /** Bytes a session may have waiting on its stream before it is closed as a slow reader. */
    maxBufferedBytes?: number;
    /** Open sessions at most; more get 503 (default 10000). */
    maxSessions?: number;
    /** Open sessions per principal (bearer token, else remote address); more get 429 (default 100). */
    maxSessionsPerPrincipal?: number;
    /** Deepest nesting accepted in a message (bodies are checked first by `Protection`). */
    maxJsonDepth?: number;
    log?: Logger;
}
export declare class SseServer {
    #private;
    readonly connections$: import("rxjs").Observable<Transport>;
    constructor(options?: SseServerOptions);
    /** Open sessions per principal, else remote address (stats and tests). */
    sessionsPerPrincipal(): Map<string, number>;
    get sessionCount(): number;
    /** `GET /sse`: opens a session. */
    handleStream(req: IncomingMessage, res: ServerResponse, protection: Protection): void;
    /** `POST /messages?sessionId=…`: one message for a session. */
    handleMessage(req: IncomingMessage, res: ServerResponse, url: URL, protection: Protection): Promise<void>;
    close(): Promise<void>;
}
