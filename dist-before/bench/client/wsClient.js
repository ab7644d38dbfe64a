/** A JSON-RPC client over one WebSocket (subprotocol `mcp`, one message per text frame). */
import WebSocket from 'ws';
import { RpcClient } from './rpcClient.js';
export class WsClient extends RpcClient {
    socket;
    constructor(socket) {
        super();
        this.socket = socket;
        socket.on('message', (data) => this.receiveText(data.toString('utf8')));
        socket.on('close', () => this.failAll(new Error('websocket closed')));
        socket.on('error', (e) => this.failAll(e));
    }
    static connect(endpoint, timeoutMs = 10_000) {
        return new Promise((resolve, reject) => {
            const socket = new WebSocket(endpoint.url, 'mcp', {
                perMessageDeflate: false,
                maxPayload: 256 * 1024 * 1024,
                handshakeTimeout: timeoutMs,
            });
            socket.once('open', () => resolve(new WsClient(socket)));
            socket.once('error', reject);
            socket.once('unexpected-response', (_req, res) => reject(new Error(`websocket upgrade refused: HTTP ${res.statusCode}`)));
        });
    }
    sendText(text) {
        if (this.socket.readyState === WebSocket.OPEN)
            this.socket.send(text);
    }
    close() {
        if (this.socket.readyState === WebSocket.CLOSED)
            return Promise.resolve();
        return new Promise((resolve) => {
            this.socket.once('close', () => resolve());
            this.socket.close();
            setTimeout(() => {
                this.socket.terminate();
                resolve();
            }, 1000).unref();
        });
    }
}
//# sourceMappingURL=wsClient.js.map