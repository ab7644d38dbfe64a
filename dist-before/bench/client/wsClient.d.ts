import { RpcClient } from './rpcClient.js';
export interface WsEndpoint {
    kind: 'ws';
    url: string;
}
export declare class WsClient extends RpcClient {
    private readonly socket;
    private constructor();
    static connect(endpoint: WsEndpoint, timeoutMs?: number): Promise<WsClient>;
    protected sendText(text: string): void;
    close(): Promise<void>;
}
