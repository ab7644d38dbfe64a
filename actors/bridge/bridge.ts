/**
 * The bridge room's one entry point (README.md): how a routed call crosses protocol eras, and
 * where an upstream's server-to-client requests go.
 *
 * `call` chooses ONCE per call, from the caller and the upstream's era:
 * - a legacy session: the upstream's `input_required` results become real requests to the
 *   session, answered on retries (`inputRounds`). Detection is by the result's shape, whatever
 *   the upstream's era, so an upstream that answers `input_required` on a legacy connection is
 *   bridged too; every other result passes with one check;
 * - a modern (session-less) caller of a legacy upstream: the server requests the call causes
 *   are held and handed to the caller as `input_required` (`ModernCallers`, `HeldRounds`);
 * - the same era on both sides: the call runs as it is.
 * Only the methods that may answer `input_required` (mrtr, "Supported Requests") take part.
 *
 * Server-to-client requests from an upstream (`serverRequest$`) go to the session that caused
 * them (`ServerRequests`, `chooseSession`), found through the router's in-flight index
 * (`InflightView`), or to a modern caller as `input_required`.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Logger } from '../../core/log/index.js';
import type { Era } from '../../core/mcp/index.js';
import type {
  InboundContext,
  InboundEvent,
  JsonObject,
  JsonRpcNotification,
  JsonRpcRequest,
  RequestEvent,
} from '../../core/rpc/index.js';
import type { Caller, ClientSession } from '../downstream/index.js';
import { HELD_DEFAULTS } from './heldRounds.js';
import { inputRounds } from './inputRounds.js';
import { type Learned, learningNeeds } from './learnedNeeds.js';
import { BRIDGED_METHODS, ModernCallers } from './modernCallers.js';
import { ServerRequests, type ServerRequestsHost } from './serverRequests.js';
import { type InflightView, SessionUsage } from './sessionUsage.js';

export interface BridgeOptions extends ServerRequestsHost {
  scheduler: SchedulerLike;
  /** The HMAC key of `requestState` (core/mcp/requestState.ts `stateKey`). */
  key: Buffer;
  /** The cluster instance id, claimed in every `requestState` (absent: not clustered). */
  instance?: string | undefined;
  /** How long held requests gather before they go out as one `input_required` (default 10). */
  gatherMs?: number | undefined;
  /** The config's live values (read at each use: a reload changes them). */
  live(): { ttlMs?: number | undefined; maxPerPrincipal?: number | undefined };
  /** The routed requests in flight (the router's index), by upstream. */
  inflight: InflightView<ClientSession>;
  log: Logger;
}

/** What the bridge reads of the upstream a call goes to. */
export interface BridgedUpstream {
  readonly name: string;
  /** Its era once known (the ready, or last, session's). */
  readonly era: Era | undefined;
}

/** The bridge's counters (leak tests expect them back at 0 once idle). */
export interface BridgeStats {
  /** `input_required` rounds held for a modern caller's retry. */
  readonly heldRounds: number;
  /** Modern callers' calls to legacy upstreams that run now. */
  readonly modernCalls: number;
  /** Sessions with recorded activity toward some upstream. */
  readonly sessionsSeen: number;
}

export class Bridge {
  readonly #modern: ModernCallers;
  readonly #usage: SessionUsage<ClientSession>;
  readonly #serverRequests: ServerRequests;
  readonly #learned: Learned | undefined;

  constructor(options: BridgeOptions) {
    this.#learned = options.learned?.bind(options);
    this.#usage = new SessionUsage(options.inflight);
    this.#modern = new ModernCallers({
      scheduler: options.scheduler,
      key: options.key,
      instance: options.instance,
      ttlMs: HELD_DEFAULTS.ttlMs,
      ...(options.gatherMs === undefined ? {} : { gatherMs: options.gatherMs }),
      moment: () => this.#usage.tick(),
      live: options.live,
      log: options.log,
    });
    this.#serverRequests = new ServerRequests(options, this.#modern, this.#usage);
  }

  /**
   * A routed call to `upstream`: `call(params)` sends it (and is called again with the answers
   * on a retry); the era bridge, if any, is chosen here once.
   */
  call(
    upstream: BridgedUpstream,
    method: string,
    params: JsonObject,
    caller: Caller,
    call: (params: JsonObject) => Observable<RequestEvent>,
  ): Observable<RequestEvent> {
    if (!BRIDGED_METHODS.has(method)) return call(params);
    // What a tool's `input_required` asks for is learned (learnedNeeds.ts), whatever the eras:
    // where `inputRounds` finds it, or by watching the results a modern caller gets unbridged.
    const learned = this.#learned;
    const tool = method === 'tools/call' && typeof params.name === 'string' ? params.name : '';
    const learning = learned !== undefined && tool !== '';
    const session = caller.session;
    if (session !== undefined) {
      return inputRounds(call, params, {
        upstream: upstream.name,
        session,
        relatedRequestId: caller.inbound.id,
        ...(learning ? { learned, tool } : {}),
      });
    }
    if (upstream.era === 'modern') {
      return (learning ? learningNeeds(call, upstream.name, tool, learned) : call)(params);
    }
    // A legacy upstream never answers `input_required`: its needs are learned from its server
    // requests (serverRequests.ts).
    return this.#modern.track(upstream.name, method, params, caller, () => call(params));
  }

  /**
   * A server-to-client request from `upstream`: to one client session (`pinned`: the session
   * of an isolated connection), or held for a modern caller. Errors go back to the upstream.
   */
  serverRequest$(
    upstream: string,
    request: JsonRpcRequest,
    inbound: InboundContext,
    pinned: ClientSession | undefined,
  ): Observable<InboundEvent> {
    return this.#serverRequests.request$(upstream, request, inbound, pinned);
  }

  /** `notifications/elicitation/complete`: only to the session that saw the elicitation. */
  elicitationComplete(
    upstream: string,
    notification: JsonRpcNotification,
    pinned: ClientSession | undefined,
  ): void {
    this.#serverRequests.elicitationComplete(upstream, notification, pinned);
  }

  /** A client's roots changed: only its own (isolated) upstream connections hear it. */
  rootsListChanged(session: ClientSession): void {
    this.#serverRequests.rootsListChanged(session);
  }

  /** A routed request failed: a -32042 error names URL elicitations whose completion goes to `session`. */
  noteRequiredElicitations(error: unknown, session: ClientSession): void {
    this.#serverRequests.noteRequiredElicitations(error, session);
  }

  /**
   * The next moment of the counter that orders requests across eras: the in-flight index stamps
   * each routed request with one, held rounds take theirs from it too.
   */
  moment(): number {
    return this.#usage.tick();
  }

  /** A request of `session` toward `upstream` started (the activity the routing rule reads). */
  touch(session: ClientSession, upstream: string): void {
    this.#usage.touch(session, upstream);
  }

  /**
   * The sessions a shared upstream's log message may belong to: those with requests in flight
   * there, and how many modern callers have one (they have no session to receive it).
   */
  logCauses(upstream: string): { sessions: ClientSession[]; modernCallers: number } {
    const sessions = this.#usage
      .entries(upstream)
      .filter((entry) => entry.inflight > 0 && !entry.session.isClosed)
      .map((entry) => entry.session);
    return { sessions, modernCallers: this.#modern.count(upstream) };
  }

  get stats(): BridgeStats {
    const rounds = this.#modern.rounds;
    return {
      heldRounds: rounds.size,
      modernCalls: rounds.running,
      sessionsSeen: this.#usage.size,
    };
  }

  /** Shutdown: held rounds end (their upstream calls are cancelled, held requests fail). */
  close(): void {
    this.#modern.rounds.close();
  }
}
