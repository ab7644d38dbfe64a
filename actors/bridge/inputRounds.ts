/**
 * Era bridging, modern upstream → legacy client (basic/patterns/mrtr): an `input_required`
 * result of the upstream becomes real server-to-client requests (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`) to the legacy session that made the call; their
 * answers go back as `inputResponses`, with the upstream's `requestState` echoed byte for byte,
 * on a retry of the same request to the same upstream (a new upstream request id). Rounds repeat
 * until the upstream answers `complete` or `MAX_ROUNDS` is reached.
 *
 * One Observable for the whole exchange, so progress and cancellation keep working across
 * rounds: upstream progress of every round reaches the caller (its token is the connection's),
 * and unsubscribing cancels whatever runs now (the upstream call: `notifications/cancelled`
 * upstream; the client requests: `notifications/cancelled` to the client).
 *
 * Detection is by the result's shape, not by the upstream's era: a legacy upstream never sends
 * `resultType: "input_required"`.
 */
import {
  concatMap,
  defer,
  filter,
  forkJoin,
  map,
  Observable,
  type Observer,
  of,
  type Subscriber,
} from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import {
  capabilityGap,
  missingRequiredClientCapability,
  SERVER_REQUEST_CAPABILITY,
} from '../../core/mcp/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
import type { JsonObject, JsonRpcId, RequestEvent } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import { interimOf } from './interim.js';
import { type Learned, learnFromInterim } from './learnedNeeds.js';

/** Rounds before mcp-mux gives up on an upstream that keeps asking (the v2 SDK's default too). */
export const MAX_ROUNDS = 8;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface InputRoundsOptions {
  upstream: string;
  /** The legacy session that made the call, and its request's id (its HTTP stream). */
  session: ClientSession;
  relatedRequestId: JsonRpcId | undefined;
  maxRounds?: number;
  /** Told what each `input_required` result of this tool asks for (learnedNeeds.ts). */
  learned?: Learned | undefined;
  tool?: string;
}

/**
 * Runs `call(params)` and answers each `input_required` it returns through `session`, retrying
 * with `inputResponses` and `requestState`.
 */
export function inputRounds(
  call: (params: JsonObject) => Observable<RequestEvent>,
  params: JsonObject,
  options: InputRoundsOptions,
): Observable<RequestEvent> {
  return round$({ call, params, options, maxRounds: options.maxRounds ?? MAX_ROUNDS }, params, 1);
}

/** What every round of one exchange shares. */
interface Exchange {
  readonly call: (params: JsonObject) => Observable<RequestEvent>;
  /** The caller's params (each retry is them plus the answers and the state). */
  readonly params: JsonObject;
  readonly options: InputRoundsOptions;
  readonly maxRounds: number;
}

/**
 * Round `n` of an exchange: the call with `current` params. One object per subscription
 * (`RoundObserver`): every bridged request of a legacy session goes through it, and almost all
 * of them just pass (one check per result).
 */
function round$(exchange: Exchange, current: JsonObject, n: number): Observable<RequestEvent> {
  return new Observable<RequestEvent>((subscriber) => {
    const observer = new RoundObserver(exchange, n, subscriber);
    const call = exchange.call(current).subscribe(observer);
    // The observer itself when RxJS took it as its subscriber (it is a subscription by shape).
    if ((call as unknown) !== observer) observer.add(call);
    return handOver(subscriber, observer);
  });
}

/**
 * The subscriber of one round's call (a subscription by shape, `SourceHolder`, that is also its
 * `Observer`: RxJS uses it as it is and hands it the call's teardown), and the teardown of the
 * next round.
 */
class RoundObserver extends SourceHolder implements Observer<RequestEvent> {
  /** A round required input: the next one (asking the client, then the retry) runs. */
  #continued = false;
  readonly #exchange: Exchange;
  readonly #n: number;
  readonly #subscriber: Subscriber<RequestEvent>;

  constructor(exchange: Exchange, n: number, subscriber: Subscriber<RequestEvent>) {
    super();
    this.#exchange = exchange;
    this.#n = n;
    this.#subscriber = subscriber;
  }

  next(event: RequestEvent): void {
    const result = event.kind === 'result' ? interimOf(event.result) : undefined;
    if (result === undefined) {
      this.#subscriber.next(event);
      return;
    }
    const exchange = this.#exchange;
    const n = this.#n;
    const { options, maxRounds } = exchange;
    if (options.learned !== undefined && options.tool !== undefined) {
      learnFromInterim(result, options.upstream, options.tool, options.learned);
    }
    if (n >= maxRounds) {
      this.#subscriber.error(
        new RpcError(
          ErrorCode.InternalError,
          `upstream ${options.upstream} still required input after ${maxRounds} rounds`,
          { upstream: options.upstream, reason: 'too-many-rounds' },
        ),
      );
      return;
    }
    const { inputRequests, requestState } = result;
    this.#continued = true;
    const next = ask(isObject(inputRequests) ? inputRequests : {}, options)
      .pipe(
        concatMap((inputResponses) => {
          const retry: JsonObject = { ...exchange.params, inputResponses };
          if (typeof requestState === 'string') retry.requestState = requestState;
          return round$(exchange, retry, n + 1);
        }),
      )
      .subscribe(this.#subscriber);
    this.add(next);
  }

  error(error: unknown): void {
    this.#subscriber.error(error);
  }

  complete(): void {
    if (!this.#continued) this.#subscriber.complete();
  }
}

/** Sends every input request to the session (all at once); the answers by key. */
function ask(requests: JsonObject, options: InputRoundsOptions): Observable<JsonObject> {
  return defer(() => {
    const { session, upstream } = options;
    const entries = Object.entries(requests).filter(([, r]) => isObject(r)) as [
      string,
      JsonObject,
    ][];
    // Every request is checked before any is sent: a missing capability fails the call.
    for (const [, request] of entries) {
      const method = String(request.method);
      const params = isObject(request.params) ? request.params : undefined;
      const gap = capabilityGap(
        method,
        params,
        session.context.clientCapabilities,
        session.context.protocolVersion,
      );
      if (gap) {
        const capability = SERVER_REQUEST_CAPABILITY[method];
        if (capability === undefined) {
          throw new RpcError(
            ErrorCode.InternalError,
            `upstream ${upstream} asked for input with ${method}, which is not a client request`,
            { upstream },
          );
        }
        throw missingRequiredClientCapability(
          { [capability]: {} },
          `the upstream "${upstream}" needs ${method}: ${gap.reason}`,
        );
      }
    }
    if (entries.length === 0) return of({});
    const related =
      options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId };
    return forkJoin(
      entries.map(([key, request]) =>
        session.connection
          .request$(
            String(request.method),
            isObject(request.params) ? request.params : undefined,
            related,
          )
          .pipe(
            filter((e) => e.kind === 'result'),
            map((e) => [key, (e as { result: JsonObject }).result] as const),
          ),
      ),
    ).pipe(map((answers) => Object.fromEntries(answers) as JsonObject));
  });
}
