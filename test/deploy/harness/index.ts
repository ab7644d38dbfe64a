/**
 * The deployment test harness: real mcp-mux instances behind real nginx or HAProxy, a real
 * redis-server, SDK and raw clients, bounded waits. test/deploy/README.md says how to use it.
 */
export {
  type Balancer,
  balancerPort,
  haproxyServerState,
  type InstanceIdOf,
  startHaproxy,
  startNginx,
} from './balancers.js';
export {
  IDENTITY_TOOL,
  LEGACY_VERSION,
  type LegacySession,
  MODERN_VERSION,
  type ModernAnswer,
  modernToolCall,
  openLegacySession,
  RawLegacySession,
  type SseMessage,
  SseReader,
} from './clients.js';
export { type Deployment, startDeployment } from './deployment.js';
export { type Load, type LoadOutcome, startLoad } from './load.js';
export {
  allocateInstances,
  cliPath,
  defaultUpstreams,
  everythingPath,
  fixturePath,
  type InstanceInfo,
  instanceOfEnvText,
  type MuxInstance,
  type MuxInstancesOptions,
  repoRoot,
  startMuxInstances,
  stopMuxInstances,
} from './muxInstances.js';
export {
  accepts,
  type Child,
  freePort,
  startChild,
  tempDir,
  waitFor,
  waitForPort,
} from './processes.js';
export { type RedisServer, startRedis } from './redis.js';
export {
  type Backend,
  haproxyTemplatePath,
  nginxTemplatePath,
  renderHaproxy,
  renderNginx,
} from './render.js';
export {
  type DeployTool,
  deployToolsRequired,
  describeWithTools,
  findTool,
  INSTALL_HINT,
} from './tools.js';
