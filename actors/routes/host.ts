/**
 * What a route needs from the router (`RouteHost`): the catalog to resolve a name or URI, a
 * way to forward a request to one upstream, the few upstream facts routing decides on, the
 * subscription table and log levels, and the router's time. Routes never import the router,
 * so a route is tested with a hand-made host (test/actors/routes/).
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { AccessKind } from '../../core/auth/index.js';
import type { Catalog, CursorSealer, TaskIds, ToolNeeds } from '../../core/catalog/index.js';
import type {
  ApproveFallback,
  ApproveRemember,
  ToolSearchConfig,
} from '../../core/config/index.js';
import type { StateClaims, StateExpectation } from '../../core/mcp/index.js';
import type { ApprovalDecision } from '../../core/observe/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import type { Caller, ClientSession } from '../downstream/index.js';
import type { ActivatedTools } from './activations.js';
import type { ResultStore } from './resultStore.js';

/** A tool call being approved (routes/approval.ts). */
export interface ApprovedCall {
  readonly upstream: string;
  readonly original: string;
  readonly exposed: string;
  readonly method: string;
  /** The params as the client sent them. */
  readonly params: JsonObject;
}

/** The approval rules of the config in force, and what asking needs (routes/approval.ts). */
export interface Approvals {
  /** Whether a call of this tool must be approved by the user. */
  needs(upstream: string, original: string, exposed: string): boolean;
  readonly fallback: ApproveFallback;
  readonly remember: ApproveRemember;
  readonly redact: readonly string[] | undefined;
  /** How long a modern caller's approval `requestState` is good for, and a session's ask waits. */
  readonly ttlMs: number;
  /** The router's time (the wait for a session's answer). */
  readonly scheduler: SchedulerLike;
  now(): number;
  seal(claims: StateClaims): string;
  /** The claims of a state that passes every check; else -32602. */
  open(state: unknown, expected: StateExpectation): StateClaims;
  /** Records a nonce as used; false for a replay. */
  claim(nonce: string, expiresAt: number, now: number): boolean;
  /** The tools (`upstream\0name`) the session accepted (`approveRemember: "session"`). */
  remembered(session: ClientSession): Set<string>;
  /** Counts a decision (metrics). */
  decided(upstream: string, decision: ApprovalDecision): void;
  /**
   * A declined call, told to the observers as a request that ended `declined` (the audit), or
   * failed with `error` (the client could not be asked).
   */
  declined(call: ApprovedCall, caller: Caller, error?: unknown): void;
}

/** What routing reads of one configured upstream. */
export interface RoutedUpstream {
  /** The server capabilities it declared; undefined until it has been ready once. */
  readonly capabilities: JsonObject | undefined;
  /** `sessionMode: "isolated"`: each session has its own connection to it. */
  readonly isolated: boolean;
}

/** A configured upstream that is not ready now (its items are out of the catalog). */
export interface DownUpstream {
  readonly name: string;
  readonly prefix: string;
  readonly separator: string;
  readonly state: string;
  readonly error?: string;
  /** When backing off: the time until its next restart. */
  readonly restartInMs?: number;
  /** The exposed names it had when it was last in the catalog. */
  knownNames?(kind: 'tools' | 'prompts'): ReadonlySet<string>;
}

export interface RouteHost {
  readonly catalog: Catalog;
  /** Exposed task ids and their owners (routes/tasks.ts); absent: tasks are not routed. */
  readonly tasks?: TaskIds<ClientSession | undefined>;
  /** The router's time (the one-tick spacing of a result after progress). */
  readonly scheduler: SchedulerLike;
  /** Items per page of the list methods. */
  readonly pageSize: number;
  /** Seals and opens the list methods' cursors (keyed like `requestState`). */
  readonly cursors: CursorSealer;
  /** True once start-up has settled; until then routes wait for `whenStarted`. */
  readonly isStarted: boolean;
  whenStarted(): Promise<void>;
  upstream(name: string): RoutedUpstream | undefined;
  /**
   * Sends a routed request to upstream `name` (its queue, timeout and tracking); progress
   * only when the caller asked for it. Throws an RpcError when it cannot be sent at all.
   */
  forward(
    name: string,
    method: string,
    params: JsonObject,
    caller: Caller,
  ): Observable<RequestEvent>;
  /** Resource subscriptions toward shared upstreams (router/subscriptions.ts). */
  subscribe(session: ClientSession, upstream: string, uri: string, exposed: string): Promise<void>;
  unsubscribe(session: ClientSession, exposed: string): Promise<boolean>;
  /**
   * `session` set its log level: asks the shared upstreams for the level the sessions now want
   * (router/logLevels.ts).
   */
  syncLogLevels(session: ClientSession): Promise<void>;
  /**
   * The access policy (core/auth/accessPolicy.ts): may `caller` use this item (its exposed
   * name or URI) of `upstream`? Absent: everyone may use everything.
   */
  allows?(caller: Caller, upstream: string, kind: AccessKind, exposed: string): boolean;
  /**
   * What tools were seen to need from clients, and `mcpMux.capabilityAwareTools` (`mark` or
   * `hide`; absent when `off`): a tool needing what the caller did not declare is marked or
   * left out of its lists (core/catalog/toolNeeds.ts).
   */
  readonly toolNeeds?: { readonly needs: ToolNeeds; readonly mode: 'mark' | 'hide' } | undefined;
  /**
   * `mcpMux.toolSearch` when its mode is not `off` (read at each use: a reload may change it);
   * undefined: clients list and call every tool directly (routes/toolSearch.ts).
   */
  readonly toolSearch?: ToolSearchConfig | undefined;
  /** The tool search of a caller in `profile`: its own `toolSearch`, else `toolSearch` above. */
  profileToolSearch?(profile: string): ToolSearchConfig | undefined;
  /**
   * Whether this item is in `profile` (`allows` already includes it): a call outside a caller's
   * profile is answered as for an unknown name, not "Access denied".
   */
  inProfile?(profile: string, upstream: string, kind: AccessKind, exposed: string): boolean;
  /** The tools each session activated through `search_tools`; absent: no activation. */
  readonly activations?: ActivatedTools;
  /**
   * `mcpMux.rateLimits` (routes/rateLimiter.ts): takes one `tools/call` of `exposed` from the
   * caller's buckets, or throws the -32010 that refuses it. Absent: no rules, no cost. With
   * a cluster store the buckets are shared and it returns a promise that rejects instead
   * (routes/clusterRateLimiter.ts); nothing is sent before it settles.
   */
  rateLimit?(caller: Caller, upstream: string, exposed: string): void | Promise<void>;
  /** Whole results that `maxResultBytes` cut (`mcp-mux://results/…`); absent: none kept. */
  readonly results?: ResultStore;
  /**
   * Approval before forwarding (routes/approval.ts); absent when the config asks for none, so
   * a routed `tools/call` pays one property read.
   */
  readonly approval?: Approvals | undefined;
  /** The enabled upstreams that are not ready now (routes/unavailable.ts); absent: none. */
  downUpstreams?(): readonly DownUpstream[];
}
