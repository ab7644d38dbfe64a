export interface ResponseHandler {
    /** Status line and headers (names lower-cased) are in. */
    onHead(status: number, headers: Map<string, string>): void;
    onData(chunk: Buffer): void;
    onEnd(): void;
    onError(error: Error): void;
}
/** Parses one response at a time off a socket's byte stream. */
export declare class ResponseParser {
    private readonly handler;
    private head;
    private state;
    private remaining;
    private line;
    keepAlive: boolean;
    constructor(handler: ResponseHandler);
    get done(): boolean;
    get readsUntilClose(): boolean;
    /** Feeds bytes; returns the bytes after the end of this response (for the next one). */
    push(chunk: Buffer): Buffer | undefined;
    /** The socket closed: a body read until close ends here. */
    closed(): void;
    private parseHead;
    private finish;
}
export declare class HttpPool {
    private readonly host;
    private readonly port;
    private readonly maxSockets;
    private readonly idle;
    private readonly all;
    private readonly queue;
    private closed;
    constructor(host: string, port: number, maxSockets?: number);
    /** Sends one raw request (head + body) on a free connection, or queues it. */
    send(request: string, handler: ResponseHandler): void;
    private dispatch;
    private open;
    private release;
    private drop;
    close(): void;
}
