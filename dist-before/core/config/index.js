/** The public surface of core/config/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { didYouMean } from './clientKeys.js';
export { CONFIG_DEFAULTS, ConfigError, LISTEN_DEFAULTS, loadConfigFile, parseConfig, parseUpstreamEntry, toRouterConfig, UPSTREAM_PROTOCOLS, } from './config.js';
export { boolean, child, describe, Issues, integer, isObject, item, knownKeys, MAX_TIMER_MS, object, oneOf, string, stringArray, stringRecord, substituteEnv, substituteEnvRecord, } from './configSchema.js';
export { parseObserve, } from './observeConfig.js';
export { PROFILE_NAME, parseProfiles } from './profilesConfig.js';
export { parseRateLimits } from './rateLimitConfig.js';
export { KEEPALIVE_DEFAULTS, keepalivePolicyOf, parseRouterSupervision, parseUpstreamSupervision, RESTART_DEFAULTS, ROUTER_SUPERVISION_KEYS, restartPolicyOf, SUPERVISION_DEFAULTS, UPSTREAM_SUPERVISION_KEYS, } from './supervisionConfig.js';
export { parseToolSearch, TOOL_SEARCH_DEFAULTS, } from './toolSearchConfig.js';
//# sourceMappingURL=index.js.map