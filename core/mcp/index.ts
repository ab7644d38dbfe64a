/** The public surface of core/mcp/ (STYLE.md, principle 6): what is not listed here is free to change. */
export {
  type CapabilityGap,
  capabilityGap,
  type ElicitationMode,
  elicitationModes,
  routerClientCapabilities,
  SERVER_REQUEST_CAPABILITY,
} from './clientCapabilities.js';
export type { ClientInfo, RequestContext } from './context.js';
export type {
  CallToolResult,
  ContentBlock,
  JsonSchemaObject,
  Progress,
  Prompt,
  PromptArgument,
  Resource,
  Tool,
  ToolAnnotations,
} from './items.js';
export {
  admits,
  DEFAULT_LOGGING_LEVEL,
  isLoggingLevel,
  LOGGING_LEVELS,
  type LoggingLevel,
  mostVerbose,
  severity,
} from './logLevel.js';
export {
  type ParamHeader,
  type ParamHeaders,
  paramHeadersOf,
  paramHeaderValues,
  paramTexts,
} from './mcpParamHeaders.js';
export {
  classifyProbe,
  encodeHeaderValue,
  MODERN_ERROR_CODES,
  MODERN_VERSION,
  type ModernCallerMeta,
  modernHeaders,
  type ProbeVerdict,
  withModernMeta,
} from './modernClient.js';
export {
  checkModernHeaders,
  decodeHeaderValue,
  type HeaderLookup,
  type HttpRejection,
  holdsResponseOpen,
  isModernPost,
  modernErrorStatus,
} from './modernHttp.js';
export {
  CONTEXT_META_KEYS,
  claimsModern,
  META,
  ModernErrorCode,
  missingRequiredClientCapability,
  modernContext,
  SUPPORTED_VERSIONS,
  unsupportedProtocolVersion,
  withoutContextMeta,
} from './modernRequest.js';
export {
  CACHEABLE_METHODS,
  type CacheHint,
  type CacheScope,
  discoverResult,
  mergeCacheScope,
  modernResult,
} from './modernResult.js';
export { checkParamHeaders, type ParamHeaderLookup } from './paramHeaderCheck.js';
export {
  invalidState,
  NonceLedger,
  paramsDigest,
  RequestStateSealer,
  randomId,
  STATE_PREFIX,
  type StateClaims,
  type StateExpectation,
  stateIssuer,
  stateKey,
} from './requestState.js';
export { HTTP_PROTOCOL_VERSIONS, isSessionStart, isStatelessMessage } from './sessionStart.js';
export { MUX_META, withoutUpstreamIdentity } from './upstreamIdentity.js';
export {
  allowsBatch,
  type Era,
  eraOf,
  isLegacyVersion,
  LATEST_LEGACY_VERSION,
  LEGACY_VERSIONS,
  type LegacyVersion,
  MODERN_VERSIONS,
  negotiateVersion,
} from './versions.js';
