/** The public surface of core/mcp/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { capabilityGap, elicitationModes, routerClientCapabilities, SERVER_REQUEST_CAPABILITY, } from './clientCapabilities.js';
export { admits, DEFAULT_LOGGING_LEVEL, isLoggingLevel, LOGGING_LEVELS, mostVerbose, severity, } from './logLevel.js';
export { paramHeadersOf, paramHeaderValues, } from './mcpParamHeaders.js';
export { classifyProbe, encodeHeaderValue, MODERN_ERROR_CODES, MODERN_VERSION, modernHeaders, withModernMeta, } from './modernClient.js';
export { checkModernHeaders, decodeHeaderValue, holdsResponseOpen, isModernPost, modernErrorStatus, } from './modernHttp.js';
export { CONTEXT_META_KEYS, claimsModern, META, ModernErrorCode, missingRequiredClientCapability, modernContext, SUPPORTED_VERSIONS, unsupportedProtocolVersion, withoutContextMeta, } from './modernRequest.js';
export { CACHEABLE_METHODS, discoverResult, mergeCacheScope, modernResult, } from './modernResult.js';
export { invalidState, NonceLedger, paramsDigest, RequestStateSealer, randomId, STATE_PREFIX, stateKey, } from './requestState.js';
export { HTTP_PROTOCOL_VERSIONS, isSessionStart, isStatelessMessage } from './sessionStart.js';
export { MUX_META, withoutUpstreamIdentity } from './upstreamIdentity.js';
export { allowsBatch, eraOf, isLegacyVersion, LATEST_LEGACY_VERSION, LEGACY_VERSIONS, MODERN_VERSIONS, negotiateVersion, } from './versions.js';
//# sourceMappingURL=index.js.map