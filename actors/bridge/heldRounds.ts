/**
 * The table of bridged calls (legacy upstream, modern client; heldRound.ts holds one): the
 * running ones per upstream (a server-to-client request from that upstream belongs to the most
 * recent), and the held ones by id (those that issued an `input_required` and wait for the
 * retry). Bounded: at most `maxRounds` held rounds, `maxPerPrincipal` per principal; past that
 * the upstream's request gets an error at once. Each `requestState` is sealed
 * (core/mcp/requestState.ts), good for one retry (nonce ledger), and lives `ttlMs`; a round
 * that no retry claims in time is ended (the upstream gets an error, its call is cancelled).
 */
import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import {
  invalidState,
  NonceLedger,
  paramsDigest,
  RequestStateSealer,
  randomId,
} from '../../core/mcp/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import type { Caller } from '../downstream/index.js';
import { HeldRound, type RoundTable } from './heldRound.js';

export interface HeldRoundsOptions {
  scheduler: SchedulerLike;
  /** The HMAC key of `requestState` (core/mcp/requestState.ts `stateKey`). */
  key: Buffer;
  /** The cluster instance id, claimed in every state so a retry elsewhere is routed here. */
  instance?: string | undefined;
  /** How long an issued `requestState` (and the held requests) wait for the retry. */
  ttlMs: number;
  /** How long held requests gather before they go out as one `input_required` (default 10). */
  gatherMs?: number;
  maxRounds?: number;
  maxPerPrincipal?: number;
  /** The moment a round starts, on the clock legacy sessions' requests use (sessionUsage.ts). */
  moment?: () => number;
  /** Read at each use, over the fixed values above (the config's keys, live on reload). */
  live?: () => { ttlMs?: number | undefined; maxPerPrincipal?: number | undefined };
  log: Logger;
}

export const HELD_DEFAULTS = {
  ttlMs: 120_000,
  gatherMs: 10,
  maxRounds: 10_000,
  maxPerPrincipal: 100,
} as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const principalOf = (caller: Caller): string => caller.context.principal ?? '';

export class HeldRounds implements RoundTable {
  readonly gatherMs: number;
  readonly #options: HeldRoundsOptions;
  readonly #sealer: RequestStateSealer;
  readonly #ledger = new NonceLedger();
  /** Held rounds by id. */
  readonly #held = new Map<string, HeldRound>();
  readonly #perPrincipal = new Map<string, number>();
  /** Rounds whose upstream call runs, per upstream, in start order. */
  readonly #running = new Map<string, HeldRound[]>();
  #moments = 0;

  constructor(options: HeldRoundsOptions) {
    this.#options = options;
    this.#sealer = new RequestStateSealer(options.key);
    this.gatherMs = options.gatherMs ?? HELD_DEFAULTS.gatherMs;
  }

  get ttlMs(): number {
    return this.#options.live?.().ttlMs ?? this.#options.ttlMs;
  }

  /** Held rounds (waiting for, or serving, a retry). The leak tests expect 0 once idle. */
  get size(): number {
    return this.#held.size;
  }

  /** Rounds whose upstream call runs. */
  get running(): number {
    let n = 0;
    for (const list of this.#running.values()) n += list.length;
    return n;
  }

  /** Rounds whose upstream call runs toward `upstream`. */
  runningAt(upstream: string): number {
    let n = 0;
    for (const round of this.#running.get(upstream) ?? []) if (round.isRunning) n++;
    return n;
  }

  /** The most recent running round toward `upstream` (the cause of its server request). */
  latest(upstream: string): HeldRound | undefined {
    const list = this.#running.get(upstream) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (list[i]?.isRunning) return list[i];
    return undefined;
  }

  /** A modern caller's first request: a round that runs `call` and holds what it causes. */
  start(
    upstream: string,
    method: string,
    params: JsonObject,
    caller: Caller,
    call: () => Observable<RequestEvent>,
  ): Observable<RequestEvent> {
    if (params.inputResponses !== undefined) {
      throw invalidState(
        'missing',
        'is required with inputResponses (mcp-mux issues one with every input_required)',
      );
    }
    return new Observable<RequestEvent>((subscriber) => {
      const init = {
        upstream,
        method,
        params,
        principal: principalOf(caller),
      };
      const round = new HeldRound(this, init, caller.context, this.#moment());
      const list = this.#running.get(upstream) ?? [];
      list.push(round);
      this.#running.set(upstream, list);
      round.attach(subscriber, caller.context, undefined);
      round.run(call());
      return () => round.detach(subscriber);
    });
  }

  /**
   * A retry (`params.requestState`): throws -32602 at once for a state that fails a check, so
   * nothing reaches the upstream; else answers the held requests and attaches the caller.
   */
  resume(
    upstream: string,
    method: string,
    params: JsonObject,
    caller: Caller,
  ): Observable<RequestEvent> {
    const now = this.#options.scheduler.now();
    const responses = params.inputResponses;
    if (responses !== undefined && !isObject(responses)) {
      throw new RpcError(
        ErrorCode.InvalidParams,
        'Invalid params: inputResponses must be an object',
      );
    }
    const claims = this.#sealer.open(params.requestState, {
      principal: principalOf(caller),
      method,
      upstream,
      digest: paramsDigest(params),
      now,
    });
    if (!this.#ledger.claim(claims.nonce, claims.expiresAt, now)) {
      throw invalidState('replayed', 'was already used: each requestState is good for one retry');
    }
    const round = this.#held.get(claims.round);
    if (!round || round.isEnded || round.nonce !== claims.nonce) {
      throw invalidState(
        'unknown',
        'names a round trip mcp-mux no longer holds (it ended, was cancelled or was issued by another instance)',
      );
    }
    round.nonce = undefined; // claimed: a second retry with it fails even before the ledger
    return new Observable<RequestEvent>((subscriber) => {
      round.attach(subscriber, caller.context, responses);
      return () => round.detach(subscriber);
    });
  }

  /** Ends every round (shutdown): held requests get an error, upstream calls are cancelled. */
  close(): void {
    for (const list of [...this.#running.values()]) {
      for (const round of [...list]) round.end('mcp-mux is shutting down');
    }
    for (const round of [...this.#held.values()]) round.end('mcp-mux is shutting down');
  }

  #moment(): number {
    return this.#options.moment?.() ?? ++this.#moments;
  }

  // RoundTable (heldRound.ts)

  admit(round: HeldRound): boolean {
    const max = this.#options.maxRounds ?? HELD_DEFAULTS.maxRounds;
    const perPrincipal =
      this.#options.live?.().maxPerPrincipal ??
      this.#options.maxPerPrincipal ??
      HELD_DEFAULTS.maxPerPrincipal;
    const mine = this.#perPrincipal.get(round.principal) ?? 0;
    if (this.#held.size >= max || mine >= perPrincipal) {
      this.#options.log.warn(
        `upstream ${round.upstream}: cannot hold another input_required round trip (${this.#held.size} held, ${mine} for this principal)`,
      );
      return false;
    }
    round.id = randomId();
    this.#held.set(round.id, round);
    this.#perPrincipal.set(round.principal, mine + 1);
    return true;
  }

  schedule(work: () => void, ms: number): Subscription {
    return this.#options.scheduler.schedule(work, ms);
  }

  issue(round: HeldRound): string {
    const nonce = randomId();
    const expiresAt = this.#options.scheduler.now() + this.ttlMs;
    round.nonce = nonce;
    round.digest ??= paramsDigest(round.params);
    return this.#sealer.seal({
      round: round.id ?? '',
      nonce,
      principal: round.principal,
      method: round.method,
      upstream: round.upstream,
      digest: round.digest,
      expiresAt,
      ...(this.#options.instance === undefined ? {} : { instance: this.#options.instance }),
    });
  }

  ended(round: HeldRound): void {
    const list = this.#running.get(round.upstream);
    if (list) {
      // In place: rounds mostly end in the order they started (a copy of the list per ended
      // call cost an array and a callback per running round).
      const at = list.indexOf(round);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) this.#running.delete(round.upstream);
    }
    if (round.id !== undefined && this.#held.get(round.id) === round) {
      this.#held.delete(round.id);
      const left = (this.#perPrincipal.get(round.principal) ?? 1) - 1;
      if (left > 0) this.#perPrincipal.set(round.principal, left);
      else this.#perPrincipal.delete(round.principal);
    }
  }
}
