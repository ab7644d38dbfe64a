/** The public surface of transports/websocket/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { WebSocketClientTransport } from './websocketClient.js';
export { createWebSocketFacade, SUBPROTOCOL, } from './websocketServer.js';
//# sourceMappingURL=index.js.map