/**
 * One bridged call (legacy upstream, modern client): the routed upstream request of a modern
 * `tools/call` / `prompts/get` / `resources/read`, and the server-to-client requests the
 * upstream sent while serving it, held open until the client retries with `inputResponses`.
 *
 * The round owns the upstream call's subscription, not the client's request: a modern client
 * request ends with `input_required`, the upstream call goes on. At any time the round is
 * either ATTACHED to one client request (the first, then each retry: upstream progress and the
 * final result go to it, and held requests are issued to it as `input_required` after a short
 * gathering window, so requests the upstream sends together go out in one round) or AWAITING a
 * retry (a TTL runs; the upstream's result, if it comes, waits for the retry). Ending the round
 * (result delivered, client cancelled, TTL, shutdown) ends everything: the held requests are
 * answered with an error, the upstream call is unsubscribed (`notifications/cancelled`).
 */
import type { Observable, Subscriber, Subscription } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { RequestContext } from '../../core/mcp/index.js';
import type {
  InboundEvent,
  JsonObject,
  JsonRpcRequest,
  RequestEvent,
} from '../../core/rpc/index.js';

/** What a round needs from its table (heldRounds.ts). */
export interface RoundTable {
  /** Ids the round when it first holds a request; false when the table is full. */
  admit(round: HeldRound): boolean;
  /** Schedules `work` after `ms` on the router's scheduler. */
  schedule(work: () => void, ms: number): Subscription;
  /** The sealed state of one round trip (records its nonce on the round). */
  issue(round: HeldRound): string;
  readonly gatherMs: number;
  readonly ttlMs: number;
  /** The round is over: forget it. */
  ended(round: HeldRound): void;
}

interface Held {
  readonly key: string;
  readonly request: JsonRpcRequest;
  readonly answer: Subscriber<InboundEvent>;
}

type Outcome = { kind: 'result'; event: RequestEvent } | { kind: 'error'; error: unknown };

const SHORT: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request as the client sees it: no upstream progress token. */
function inputRequest(request: JsonRpcRequest): JsonObject {
  const out: JsonObject = { method: request.method };
  const params = request.params;
  if (!params) return out;
  const meta = params._meta;
  if (isObject(meta) && 'progressToken' in meta) {
    const { progressToken: _token, ...rest } = meta;
    const copy: JsonObject = { ...params, _meta: rest };
    if (Object.keys(rest).length === 0) delete copy._meta;
    out.params = copy;
  } else out.params = params;
  return out;
}

export class HeldRound {
  /** Set once the round holds its first request (the table's key). */
  id: string | undefined;
  /** The nonce of the `input_required` the client holds now; undefined while attached. */
  nonce: string | undefined;
  readonly upstream: string;
  readonly method: string;
  /** The originating request's params (digested when a state is first sealed). */
  readonly params: JsonObject;
  /** `paramsDigest(params)`, computed once when needed (not on every modern call). */
  digest: string | undefined;
  readonly principal: string;
  /** When it started, on the routing clock (the latest running round is the likely cause). */
  readonly startedAt: number;
  /** The attached caller's context (its capabilities decide what may be asked). */
  context: RequestContext;
  #caller: Subscriber<RequestEvent> | undefined;
  readonly #held = new Map<string, Held>();
  #nextKey = 1;
  #outcome: Outcome | undefined;
  #upstreamCall: Subscription | undefined;
  #timer: Subscription | undefined;
  #ended = false;
  readonly #table: RoundTable;

  constructor(
    table: RoundTable,
    init: { upstream: string; method: string; params: JsonObject; principal: string },
    context: RequestContext,
    startedAt: number,
  ) {
    this.#table = table;
    this.startedAt = startedAt;
    this.upstream = init.upstream;
    this.method = init.method;
    this.params = init.params;
    this.principal = init.principal;
    this.context = context;
  }

  get isEnded(): boolean {
    return this.#ended;
  }

  /** Whether the upstream call still runs (a server request from the upstream may be ours). */
  get isRunning(): boolean {
    return !this.#ended && this.#outcome === undefined;
  }

  /** Starts the upstream call; its events go to the attached caller or wait for the retry. */
  run(call: Observable<RequestEvent>): void {
    this.#upstreamCall = call.subscribe({
      next: (event) => {
        if (event.kind === 'progress') this.#caller?.next(event);
        else this.#settle({ kind: 'result', event });
      },
      error: (error: unknown) => this.#settle({ kind: 'error', error }),
    });
  }

  /**
   * Attaches a client request (the first one, or a retry with its `inputResponses`). Answers
   * the held requests the responses name; others stay held and are asked again.
   */
  attach(
    caller: Subscriber<RequestEvent>,
    context: RequestContext,
    responses: JsonObject | undefined,
  ): void {
    this.#timer?.unsubscribe();
    this.#timer = undefined;
    this.nonce = undefined;
    this.context = context;
    for (const [key, response] of Object.entries(responses ?? {})) {
      const held = this.#held.get(key);
      if (!held || !isObject(response)) continue; // unknown keys are ignored (mrtr, "Error Handling")
      this.#held.delete(key);
      held.answer.next({ kind: 'result', result: response });
      held.answer.complete();
    }
    if (this.#outcome) {
      this.#deliver(caller, this.#outcome);
      return;
    }
    this.#caller = caller;
    if (this.#held.size > 0) this.#gather();
  }

  /** The attached caller went away (cancelled, or its connection closed): the round ends. */
  detach(caller: Subscriber<RequestEvent>): void {
    if (this.#caller !== caller) return;
    this.#caller = undefined;
    this.end('the client cancelled its request');
  }

  /** Holds one server-to-client request of the upstream; false when the table is full. */
  hold(request: JsonRpcRequest, answer: Subscriber<InboundEvent>): (() => void) | false {
    if (this.id === undefined && !this.#table.admit(this)) return false;
    const key = `${SHORT[request.method] ?? 'input'}-${this.#nextKey++}`;
    this.#held.set(key, { key, request, answer });
    if (this.#caller) this.#gather();
    // The upstream cancelled its request, or its connection closed.
    return () => this.#held.delete(key);
  }

  /** Fails the attached caller (or the retry to come) with `error`, and ends the call upstream. */
  fail(error: unknown): void {
    this.#upstreamCall?.unsubscribe();
    this.#settle({ kind: 'error', error });
  }

  /** Ends the round: held requests get an error, the upstream call is cancelled. Idempotent. */
  end(reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#timer?.unsubscribe();
    this.#failHeld(`mcp-mux could not get the modern client's answer: ${reason}`);
    this.#upstreamCall?.unsubscribe();
    const caller = this.#caller;
    this.#caller = undefined;
    caller?.error(
      new RpcError(ErrorCode.RequestCancelled, `Request cancelled: ${reason}`, {
        upstream: this.upstream,
        reason: 'bridge-ended',
      }),
    );
    this.#table.ended(this);
  }

  #failHeld(message: string): void {
    for (const held of this.#held.values()) {
      held.answer.error(
        new RpcError(ErrorCode.RequestCancelled, message, { reason: 'input-unavailable' }),
      );
    }
    this.#held.clear();
  }

  #settle(outcome: Outcome): void {
    if (this.#outcome || this.#ended) return;
    this.#outcome = outcome;
    const caller = this.#caller;
    if (caller) this.#deliver(caller, outcome);
    // Else the retry collects it (or the TTL ends the round).
  }

  #deliver(caller: Subscriber<RequestEvent>, outcome: Outcome): void {
    this.#caller = undefined;
    this.#ended = true;
    this.#timer?.unsubscribe();
    this.#failHeld('the request that caused it has ended');
    this.#upstreamCall?.unsubscribe();
    this.#table.ended(this);
    if (outcome.kind === 'error') caller.error(outcome.error);
    else {
      caller.next(outcome.event);
      caller.complete();
    }
  }

  /** Issues the held requests after the gathering window (once per window). */
  #gather(): void {
    if (this.#timer) return;
    this.#timer = this.#table.schedule(() => {
      this.#timer = undefined;
      this.#issue();
    }, this.#table.gatherMs);
  }

  #issue(): void {
    const caller = this.#caller;
    if (!caller || this.#held.size === 0) return;
    const inputRequests: JsonObject = {};
    for (const held of this.#held.values()) inputRequests[held.key] = inputRequest(held.request);
    const requestState = this.#table.issue(this);
    this.#caller = undefined;
    this.#timer = this.#table.schedule(
      () => this.end(`it did not retry within ${this.#table.ttlMs} ms`),
      this.#table.ttlMs,
    );
    caller.next({
      kind: 'result',
      result: { resultType: 'input_required', inputRequests, requestState },
    });
    caller.complete();
  }
}
