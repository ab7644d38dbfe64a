/** The router's public types: how it is built (beside the config), and what it shows. */

import type { SchedulerLike } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import type { ClusterStore } from '../../core/cluster/index.js';
import type { UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo } from '../../core/mcp/index.js';
import type { RouterObserver } from '../../core/observe/index.js';
import type { Transport } from '../../core/rpc/index.js';
import type { Upstream } from '../upstream/index.js';

export interface RouterOptions {
  /** Opens the transport to one upstream (the library's default picks stdio/HTTP/WS by config). */
  openTransport: (config: UpstreamConfig, signal: AbortSignal) => Promise<Transport>;
  log?: Logger;
  scheduler?: SchedulerLike;
  /** How long list calls and `initialize` wait for the upstreams at start-up (default: config). */
  startupTimeoutMs?: number;
  /** How long clients wait for upstreams still starting before being answered (default: config, 2000). */
  initializeGraceMs?: number;
  initializeTimeoutMs?: number;
  serverInfo?: ClientInfo;
  /**
   * How long a request whose client dropped its HTTP response may wait to be resumed before it
   * is cancelled upstream (actors/downstream/cancelOnDisconnect.ts); default 3000, 0 cancels at once.
   */
  disconnectGraceMs?: number;
  /**
   * The secret `requestState` is sealed with (era bridging, actors/bridge/heldRounds.ts);
   * default: `mcpMux.requestStateKey`, else a random key per process.
   */
  requestStateKey?: string;
  /** How long held requests gather before they go out as one `input_required` (default 10). */
  inputGatherMs?: number;
  /**
   * Metrics and traces (core/observe/): called per routed request and session; none by
   * default. Several (`[metrics, tracer]`) are composed: each sees every request.
   */
  observer?: RouterObserver | readonly RouterObserver[];
  /**
   * A linked pair of in-process transports (`createMemoryPair`; `createRouter` passes it): the
   * sessions `callTool` and `request$` run on (actors/router/libraryCalls.ts).
   */
  linkedPair?: () => readonly [Transport, Transport];
  /**
   * The cluster's shared store (`mcpMux.cluster`, core/cluster/): `mcpMux.rateLimits` buckets
   * are kept there, exact across instances while it answers, local while it does not
   * (routes/clusterRateLimiter.ts). Absent: one process, synchronous local buckets.
   */
  cluster?: ClusterStore;
}

/** What callers may read of the upstreams (the pool itself is the router's). */
export interface UpstreamsView {
  get(name: string): Upstream | undefined;
  keys(): IterableIterator<string>;
  values(): IterableIterator<Upstream>;
}

/** The router's live counters (the leak tests expect them back at 0 once idle). */
export interface RouterStats {
  /** Routed requests in flight (records of the in-flight index). */
  readonly inflight: number;
  /** `input_required` rounds held for a modern caller's retry. */
  readonly heldRounds: number;
  /** Modern callers' calls to legacy upstreams that run now. */
  readonly modernCalls: number;
  /** Sessions with recorded activity toward an upstream (server-request routing). */
  readonly sessionsSeen: number;
  /** Sessions with their own connections to isolated upstreams. */
  readonly isolatedSessions: number;
  /** Resource subscriptions held toward shared upstreams. */
  readonly subscriptions: number;
  /** Modern `subscriptions/listen` streams open (all principals). */
  readonly listens: number;
}

/** Who a visibility question is about (`Router.sees`): as authenticated, in a profile or not. */
export interface Viewer {
  readonly identity?: Principal | undefined;
  /** A profile of `mcpMux.profiles`; undefined: the whole router. */
  readonly profile?: string | undefined;
}
