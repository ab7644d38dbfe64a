/**
 * What a Streamable HTTP listener (streamableHttpServer.ts) is configured with: which POSTs
 * start or skip a session, the answer's form, bounds per session and per principal, and the
 * cluster hooks.
 */
import type { Logger } from '../../core/log/index.js';
import type { ClusterPlaces } from './clusterPlaces.js';
import type { ClusterRouting } from './clusterRouting.js';
import type { ModernHttpHooks } from './modernPost.js';

export interface StreamableHttpOptions extends ModernHttpHooks {
  /** The profile (`mcpMux.profiles`) whose path this server answers; undefined: the whole router. */
  profile?: string;
  /** Whether a POST without a session id starts one (default: an `initialize` request). */
  isSessionStart?: (message: unknown) => boolean;
  /** Whether a POST without a session id is served on its own (default: modern-era messages). */
  isStateless?: (message: unknown) => boolean;
  /** Accepted `MCP-Protocol-Version` header values; other values get 400. */
  supportedProtocolVersions?: readonly string[];
  /** Answer POSTed requests with one `application/json` body, never an SSE stream. */
  preferJson?: boolean;
  /**
   * A POST's answer is held for one `application/json` body this long at most (default
   * 100 ms); a message related to it that is not a response, or this delay, starts an SSE
   * stream instead (priming event first, so the client can resume). 0: SSE at once.
   */
  streamAfterMs?: number;
  /** Events kept per session for `Last-Event-ID` replay (default 1000). */
  replayBufferEvents?: number;
  /** Bytes kept per session for replay (default 16 MiB). */
  replayBufferBytes?: number;
  /** Messages kept for the GET stream while none is connected (default 1000, oldest dropped). */
  maxPendingMessages?: number;
  /** Bytes a session may have waiting on its sockets before it is closed as a slow reader. */
  maxBufferedBytes?: number;
  /** Open sessions at most; more get 503 (default 10000). */
  maxSessions?: number;
  /**
   * Open sessions per principal (bearer token, else remote address) at most: past it the
   * principal's least recently active quiet session is closed to make room, or, when all are
   * busy, the new one gets 429 (default 100). One client cannot take every slot.
   */
  maxSessionsPerPrincipal?: number;
  /**
   * Sessions per principal counted across a cluster's instances too (clusterPlaces.ts): past
   * `maxSessionsPerPrincipal` cluster-wide a new session gets 429 (no eviction on another
   * instance's behalf). Absent: this process only, and no await before a session opens.
   */
  sessionPlaces?: ClusterPlaces;
  /**
   * A session the client never used after the `initialize` that created it is closed after
   * this long (default 60 s), instead of `sessionIdleTimeoutMs`.
   */
  unconfirmedSessionTimeoutMs?: number;
  /**
   * A session with no open stream and no request for this long is closed (`local`), so
   * clients that vanish without DELETE do not pile up (default 30 min; 0: never).
   */
  sessionIdleTimeoutMs?: number;
  /** Deepest nesting accepted in a message (bodies are checked first by `Protection`). */
  maxJsonDepth?: number;
  /**
   * One instance of a cluster (clusterRouting.ts): session ids name this instance, and a
   * session or round another instance owns is forwarded there. Absent: one process.
   */
  cluster?: ClusterRouting;
  log?: Logger;
}
