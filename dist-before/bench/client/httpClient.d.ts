import { RpcClient } from './rpcClient.js';
export interface HttpEndpoint {
    kind: 'http';
    url: string;
}
/** Splits an SSE body into events and hands each `data:` payload over. */
export declare function createSseParser(onData: (data: string) => void): (text: string) => void;
export declare class HttpClient extends RpcClient {
    private readonly pool;
    private readonly path;
    private readonly hostHeader;
    private sessionId;
    private closed;
    /** Set after initialize so that later requests carry `MCP-Protocol-Version`. */
    protocolVersion: string | undefined;
    constructor(endpoint: HttpEndpoint, maxSockets?: number);
    get session(): string | undefined;
    private head;
    protected sendText(text: string, id: number | undefined): void;
    private responseHandler;
    /** Ends the session with DELETE (best effort, 1 s) and closes the connections. */
    close(): Promise<void>;
}
