/** The public surface of transports/base/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { BaseTransport } from './baseTransport.js';
export { answerMalformedRequests, DEFAULT_MAX_CONNECTIONS, isRefused, limitConnections, rawHttpError, } from './connectionLimit.js';
export { listen } from './listen.js';
//# sourceMappingURL=index.js.map