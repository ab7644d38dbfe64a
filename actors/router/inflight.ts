/**
 * The in-flight index: ONE record per routed request, found by (downstream session, request
 * id), holding everything about it — the upstream, the id the request got on the upstream's
 * connection (its progress token there, when progress was asked), the caller's progress
 * token, its admission (queued or running, and its place in the queue), its start moment and
 * its state. The runtime reads it: server-initiated requests and log messages find the
 * sessions with requests in flight toward an upstream through it (`toUpstream`, the bridge's
 * `InflightView`), the status views list the oldest requests from it (`oldest`), and shutdown
 * fails what is still in flight through it (`cancelAll`).
 *
 * A record lives exactly as long as the routed request's Observable subscription, which is
 * the inbound handler's subscription on the client's connection (so a client's cancellation,
 * a dropped HTTP stream and a closed session all end it by unsubscribing), and its ONE
 * teardown (`close`: unsubscription, result, error or `cancel`) clears everything the request
 * holds: the upstream request (queue entry or outbound entry: `notifications/cancelled`
 * upstream if it was running) and the record. `cancel` fails the request toward the client
 * with an error, so its inbound entry ends with a response.
 *
 * Session-less (2026-07-28) requests are indexed under `session: undefined`; their ids are not
 * unique across clients, so a lookup finds the latest one with that id.
 */
import { Observable, type Observer, type Subscriber } from 'rxjs';
import type { RequestObservation } from '../../core/observe/index.js';
import { outcomeOf } from '../../core/observe/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
import type { JsonRpcId, ProgressToken, RequestEvent } from '../../core/rpc/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { AdmissionTicket } from '../upstream/index.js';

export type InflightState = 'queued' | 'running' | 'done';

/** What the index knows of one routed request. */
export interface InflightRequest {
  readonly session: ClientSession | undefined;
  /** The downstream request id. */
  readonly id: JsonRpcId | undefined;
  readonly method: string;
  /** `tools/call`: the tool's upstream-side name (what a server request it causes is learned for). */
  readonly tool: string | undefined;
  readonly upstream: string;
  /** The caller's progress token, if it asked for progress. */
  readonly progressToken: ProgressToken | undefined;
  /** The id on the upstream's connection once sent (its progress token there too). */
  readonly upstreamId: number | undefined;
  /** Queued until sent upstream, running until it ends. */
  readonly state: InflightState;
  /** Place in the upstream's queue while queued (known once the queue reports admission). */
  readonly position: number | undefined;
  /** When it was routed (the router's clock). */
  readonly startedAt: number;
  /** When it was routed, on the moment counter shared with the bridge (order only). */
  readonly moment: number;
}

/** One routed request in flight, as the status views read it (`Router.requests`). */
export interface RequestInFlight
  extends Pick<InflightRequest, 'session' | 'id' | 'upstream' | 'method' | 'upstreamId'> {
  readonly state: InflightState;
  readonly position: number | undefined;
  /** Time since it was routed, on the router's clock. */
  readonly ageMs: number;
}

/** What a routed request tells its upstream call, so the record can follow it. */
export interface InflightHooks {
  onSent(id: number): void;
  onAdmit(admission: AdmissionTicket): void;
}

export interface InflightIndexOptions {
  now(): number;
  /** The next moment of the counter shared with the bridge (sessionUsage.ts). */
  moment(): number;
  /** A record opened (the bridge notes the session's activity). */
  opened?(record: InflightRequest): void;
  /** The upstream call failed (before the error goes to the client). */
  failed?(record: InflightRequest, error: unknown): void;
}

export type InflightInit = Pick<
  InflightRequest,
  'session' | 'id' | 'method' | 'upstream' | 'progressToken'
> & {
  /** `tools/call`: the tool's upstream-side name; absent: none. */
  readonly tool?: string | undefined;
  /** Metrics and trace of the request (core/observe/), told its milestones; none by default. */
  readonly watch?: RequestObservation | undefined;
};

/**
 * One routed request: the record the index holds, the subscriber of the upstream call (a
 * subscription by shape, `SourceHolder`, that is also its `Observer`: RxJS uses it as it is and
 * hands it the call's teardown) and the teardown of the downstream subscription, all in one
 * object.
 */
class Record extends SourceHolder implements InflightRequest, Observer<RequestEvent> {
  readonly session: ClientSession | undefined;
  readonly id: JsonRpcId | undefined;
  readonly method: string;
  readonly tool: string | undefined;
  readonly upstream: string;
  readonly progressToken: ProgressToken | undefined;
  readonly startedAt: number;
  readonly moment: number;
  upstreamId: number | undefined = undefined;
  admission: AdmissionTicket | undefined = undefined;
  ended = false;
  readonly watch: RequestObservation | undefined;
  /** A result came back (an unsubscription after it is not a cancellation). */
  answered = false;
  readonly #index: InflightIndex;
  readonly #subscriber: Subscriber<RequestEvent>;

  constructor(
    index: InflightIndex,
    init: InflightInit,
    startedAt: number,
    moment: number,
    subscriber: Subscriber<RequestEvent>,
  ) {
    super();
    this.moment = moment;
    this.#index = index;
    this.#subscriber = subscriber;
    this.watch = init.watch;
    this.session = init.session;
    this.id = init.id;
    this.method = init.method;
    this.tool = init.tool;
    this.upstream = init.upstream;
    this.progressToken = init.progressToken;
    this.startedAt = startedAt;
  }

  get state(): InflightState {
    if (this.ended) return 'done';
    if (this.upstreamId !== undefined) return 'running';
    return this.admission?.state === 'running' ? 'running' : 'queued';
  }

  get position(): number | undefined {
    return this.state === 'queued' ? this.admission?.position() : undefined;
  }

  /** The hooks the upstream call gets (`InflightHooks`); made only when read. */
  get onSent(): (id: number) => void {
    return (id) => {
      this.upstreamId = id;
      this.watch?.sent();
    };
  }

  get onAdmit(): (admission: AdmissionTicket) => void {
    return (admission) => {
      this.admission = admission;
      this.watch?.admitted(admission);
    };
  }

  // The upstream call's observer.
  next(event: RequestEvent): void {
    if (event.kind === 'result') {
      this.answered = true;
      this.watch?.answered(event.result);
    }
    this.#subscriber.next(event);
  }

  error(error: unknown): void {
    if (this.ended) return;
    this.watch?.end(outcomeOf(error), error);
    this.#index.failedCall(this, error);
    this.#subscriber.error(error);
  }

  complete(): void {
    if (this.ended) return;
    this.#index.close(this);
    this.#subscriber.complete();
  }

  /** `cancel`: fails the request toward the client. */
  fail(error: unknown): void {
    this.watch?.end(outcomeOf(error), error);
    this.#index.close(this);
    this.#subscriber.error(error);
  }

  /**
   * The downstream subscription's teardown (the client cancelled, its session closed, or it
   * settled): the record, then the upstream call (cancelled upstream if still running).
   */
  override unsubscribe(): void {
    this.#index.close(this);
    super.unsubscribe();
  }
}

export class InflightIndex {
  readonly #options: InflightIndexOptions;
  /** Session → downstream id → record. Ids are keys as they are: 9 and "9" differ. */
  readonly #sessions = new Map<ClientSession | undefined, Map<JsonRpcId | undefined, Record>>();
  #size = 0;

  constructor(options: InflightIndexOptions) {
    this.#options = options;
  }

  /** Records over all sessions (leak tests expect 0 once idle). */
  get size(): number {
    return this.#size;
  }

  /** The requests in flight toward `upstream` (the bridge's `InflightView`). */
  *toUpstream(upstream: string): Iterable<InflightRequest> {
    for (const records of this.#sessions.values()) {
      for (const record of records.values()) if (record.upstream === upstream) yield record;
    }
  }

  /** The `limit` oldest requests in flight, oldest first, aged at `now` (the status views). */
  oldest(limit: number, now: number): RequestInFlight[] {
    const all: Record[] = [];
    for (const records of this.#sessions.values()) all.push(...records.values());
    return all
      .sort((a, b) => a.moment - b.moment)
      .slice(0, Math.max(0, limit))
      .map((r) => ({
        session: r.session,
        id: r.id,
        upstream: r.upstream,
        method: r.method,
        upstreamId: r.upstreamId,
        state: r.state,
        position: r.position,
        ageMs: Math.max(0, now - r.startedAt),
      }));
  }

  /**
   * Fails routed request `id` of `session` with `error` toward the client and ends it
   * upstream. False when it is not in flight.
   */
  cancel(session: ClientSession | undefined, id: JsonRpcId, error: unknown): boolean {
    const record = this.#sessions.get(session)?.get(id);
    if (record === undefined || record.ended) return false;
    record.fail(error);
    return true;
  }

  /** Fails every routed request in flight with `errorOf(it)` (shutdown); how many it failed. */
  cancelAll(errorOf: (request: InflightRequest) => unknown): number {
    const records: Record[] = [];
    for (const byId of this.#sessions.values()) records.push(...byId.values());
    let failed = 0;
    for (const record of records) {
      // A failure toward one client may end another's record (a shared round): skip those.
      if (record.ended) continue;
      record.fail(errorOf(record));
      failed++;
    }
    return failed;
  }

  /**
   * Routes one request: `call` starts the upstream call with the hooks that keep the record
   * current. Cold: the record exists from subscription to teardown.
   */
  track(
    init: InflightInit,
    call: (hooks: InflightHooks) => Observable<RequestEvent>,
  ): Observable<RequestEvent> {
    return new Observable<RequestEvent>((subscriber) =>
      handOver(subscriber, this.#open(init, call, subscriber)),
    );
  }

  #open(
    init: InflightInit,
    call: (hooks: InflightHooks) => Observable<RequestEvent>,
    subscriber: Subscriber<RequestEvent>,
  ): Record {
    const options = this.#options;
    const record = new Record(this, init, options.now(), options.moment(), subscriber);
    let records = this.#sessions.get(init.session);
    if (records === undefined) {
      records = new Map();
      this.#sessions.set(init.session, records);
    }
    records.set(init.id, record);
    this.#size++;
    options.opened?.(record);
    const upstreamCall = call(record).subscribe(record);
    if ((upstreamCall as unknown) !== record) record.add(upstreamCall);
    return record;
  }

  /** @internal The upstream call failed: `failed`, then the one teardown. */
  failedCall(record: Record, error: unknown): void {
    this.#options.failed?.(record, error);
    this.close(record);
  }

  /** @internal The one teardown of the record: idempotent. */
  close(record: Record): void {
    if (record.ended) return;
    record.ended = true;
    // Ended without an error: answered (ok) or cancelled (a no-op when already ended).
    record.watch?.end(record.answered ? 'ok' : 'cancelled');
    this.#size--;
    const records = this.#sessions.get(record.session);
    if (records?.get(record.id) === record) {
      records.delete(record.id);
      if (records.size === 0) this.#sessions.delete(record.session);
    }
  }
}
