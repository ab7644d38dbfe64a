/** The public surface of core/config/ (STYLE.md, principle 6): what is not listed here is free to change. */

export type { AccessRule, IdpConfig, JwtConfig } from './authConfig.js';
export { didYouMean } from './clientKeys.js';
export {
  CLUSTER_KEY_ENV,
  type ClusterConfig,
  parseCluster,
  REDIS_URL_ENV,
} from './clusterConfig.js';
export {
  CONFIG_DEFAULTS,
  ConfigError,
  type ConfigLogLevel,
  type FacadeAuthConfig,
  LISTEN_DEFAULTS,
  loadConfigFile,
  type NameFilter,
  type ParseConfigOptions,
  parseConfig,
  parseUpstreamEntry,
  type RootConfig,
  type RouterConfig,
  type SessionMode,
  toRouterConfig,
  UPSTREAM_PROTOCOLS,
  type UpstreamConfig,
  type UpstreamProtocol,
  type UpstreamTransportKind,
} from './config.js';
export {
  boolean,
  type ConfigIssue,
  child,
  describe,
  Issues,
  integer,
  isObject,
  item,
  type JsonObject,
  knownKeys,
  MAX_TIMER_MS,
  object,
  oneOf,
  string,
  stringArray,
  stringRecord,
  substituteEnv,
  substituteEnvRecord,
} from './configSchema.js';
export type {
  ApproveFallback,
  ApproveRemember,
  AuditArgumentsMode,
  AuditConfig,
  GuardrailsConfig,
} from './guardrailsConfig.js';
export {
  type ObserveConfig,
  parseObserve,
  type ReadinessConfig,
} from './observeConfig.js';
export { PROFILE_NAME, type ProfileConfig, parseProfiles } from './profilesConfig.js';
export { parseRateLimits, type RateLimitRule } from './rateLimitConfig.js';
export {
  type JitterKind,
  KEEPALIVE_DEFAULTS,
  type KeepaliveConfig,
  type KeepalivePolicy,
  keepalivePolicyOf,
  parseRouterSupervision,
  parseUpstreamSupervision,
  RESTART_DEFAULTS,
  type RestartConfig,
  type RestartPolicy,
  ROUTER_SUPERVISION_KEYS,
  type RouterSupervisionConfig,
  restartPolicyOf,
  SUPERVISION_DEFAULTS,
  UPSTREAM_SUPERVISION_KEYS,
  type UpstreamSupervisionConfig,
} from './supervisionConfig.js';
export {
  parseToolSearch,
  TOOL_SEARCH_DEFAULTS,
  type ToolSearchConfig,
  type ToolSearchMode,
} from './toolSearchConfig.js';
