/** The public surface of transports/websocket/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { type WebSocketClientOptions, WebSocketClientTransport } from './websocketClient.js';
export { createWebSocketFacade, SUBPROTOCOL, type WebSocketFacade, type WebSocketFacadeOptions, } from './websocketServer.js';
