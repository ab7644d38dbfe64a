/**
 * The in-flight index: ONE record per routed request, found by (downstream session, request
 * id), holding everything about it — the upstream, the id the request got on the upstream's
 * connection (its progress token there, when progress was asked), the caller's progress
 * token, its admission (queued or running, and its place in the queue) and its state.
 *
 * A record lives exactly as long as the routed request's Observable subscription, which is
 * the inbound handler's subscription on the client's connection, so its ONE teardown
 * (`close`: unsubscription, result, error or `cancel`) clears everything the request holds:
 * the upstream request (queue entry or outbound entry: `notifications/cancelled` upstream if
 * it was running), the session-usage mark, the record. `cancel` fails the request toward the
 * client with an error, so its inbound entry ends with a response.
 *
 * Session-less (2026-07-28) requests are indexed under `session: undefined`; their ids are not
 * unique across clients, so a lookup finds the latest one with that id.
 */
import { Observable, type Subscription } from 'rxjs';
import type { RequestObservation } from '../../core/observe/observer.js';
import { outcomeOf } from '../../core/observe/outcome.js';
import type { ProgressToken, RequestEvent } from '../../core/rpc/connection.js';
import type { JsonRpcId } from '../../core/rpc/jsonrpc.js';
import type { ClientSession } from '../downstream/host.js';

/** The queue's view of one admitted request (the upstream's `AdmissionTicket` is one). */
export interface InflightAdmission {
  readonly state: 'queued' | 'running' | 'done';
  /** 0-based place among the upstream's waiting requests (0 = next); undefined unless queued. */
  position(): number | undefined;
}

export type InflightState = 'queued' | 'running' | 'done';

/** What the index knows of one routed request. */
export interface InflightRequest {
  readonly session: ClientSession | undefined;
  /** The downstream request id. */
  readonly id: JsonRpcId | undefined;
  readonly method: string;
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
}

/** What a routed request tells its upstream call, so the record can follow it. */
export interface InflightHooks {
  onSent(id: number): void;
  onAdmit(admission: InflightAdmission): void;
}

export interface InflightIndexOptions {
  now(): number;
  /** A record opened: returns what to undo when it closes (the session-usage mark). */
  opened?(record: InflightRequest): (() => void) | undefined;
  /** The upstream call failed (before the error goes to the client). */
  failed?(record: InflightRequest, error: unknown): void;
}

export type InflightInit = Pick<
  InflightRequest,
  'session' | 'id' | 'method' | 'upstream' | 'progressToken'
> & {
  /** Metrics and trace of the request (core/observe/), told its milestones; none by default. */
  readonly watch?: RequestObservation | undefined;
};

class Record implements InflightRequest {
  readonly session: ClientSession | undefined;
  readonly id: JsonRpcId | undefined;
  readonly method: string;
  readonly upstream: string;
  readonly progressToken: ProgressToken | undefined;
  readonly startedAt: number;
  upstreamId: number | undefined = undefined;
  admission: InflightAdmission | undefined = undefined;
  closed = false;
  /** Undoes `opened`. */
  undo: (() => void) | undefined = undefined;
  upstreamCall: Subscription | undefined = undefined;
  fail: ((error: unknown) => void) | undefined = undefined;
  readonly watch: RequestObservation | undefined;
  /** A result came back (an unsubscription after it is not a cancellation). */
  answered = false;

  constructor(init: InflightInit, startedAt: number) {
    this.watch = init.watch;
    this.session = init.session;
    this.id = init.id;
    this.method = init.method;
    this.upstream = init.upstream;
    this.progressToken = init.progressToken;
    this.startedAt = startedAt;
  }

  get state(): InflightState {
    if (this.closed) return 'done';
    if (this.upstreamId !== undefined) return 'running';
    return this.admission?.state === 'running' ? 'running' : 'queued';
  }

  get position(): number | undefined {
    return this.state === 'queued' ? this.admission?.position() : undefined;
  }
}

const keyOf = (id: JsonRpcId | undefined): string => `${typeof id}:${String(id)}`;

export class InflightIndex {
  readonly #options: InflightIndexOptions;
  readonly #sessions = new Map<ClientSession | undefined, Map<string, Record>>();
  #size = 0;

  constructor(options: InflightIndexOptions) {
    this.#options = options;
  }

  /** The routed request `id` of `session` (undefined: a session-less request), if in flight. */
  get(session: ClientSession | undefined, id: JsonRpcId): InflightRequest | undefined {
    return this.#sessions.get(session)?.get(keyOf(id));
  }

  /** The requests of `session` in flight. */
  of(session: ClientSession | undefined): InflightRequest[] {
    return [...(this.#sessions.get(session)?.values() ?? [])];
  }

  /** Records over all sessions (leak tests expect 0 once idle). */
  get size(): number {
    return this.#size;
  }

  /**
   * Fails routed request `id` of `session` with `error` toward the client and ends it
   * upstream. False when it is not in flight.
   */
  cancel(session: ClientSession | undefined, id: JsonRpcId, error: unknown): boolean {
    const record = this.#sessions.get(session)?.get(keyOf(id));
    if (!record?.fail) return false;
    record.fail(error);
    return true;
  }

  /**
   * Routes one request: `call` starts the upstream call with the hooks that keep the record
   * current. Cold: the record exists from subscription to teardown. Hand-written rather than
   * composed from operators: every routed request goes through it.
   */
  track(
    init: InflightInit,
    call: (hooks: InflightHooks) => Observable<RequestEvent>,
  ): Observable<RequestEvent> {
    return new Observable<RequestEvent>((subscriber) => {
      const record = this.#open(init);
      record.fail = (error) => {
        record.watch?.end(outcomeOf(error), error);
        this.#close(record);
        subscriber.error(error);
      };
      const hooks: InflightHooks = {
        onSent: (id) => {
          record.upstreamId = id;
          record.watch?.sent();
        },
        onAdmit: (admission) => {
          record.admission = admission;
          // The upstream's ticket carries `waitedMs` (actors/upstream/admission.ts).
          record.watch?.admitted(admission as { readonly waitedMs?: number });
        },
      };
      record.upstreamCall = call(hooks).subscribe({
        next: (event) => {
          if (event.kind === 'result') {
            record.answered = true;
            record.watch?.answered();
          }
          subscriber.next(event);
        },
        error: (error: unknown) => {
          this.#options.failed?.(record, error);
          record.watch?.end(outcomeOf(error), error);
          this.#close(record);
          subscriber.error(error);
        },
        complete: () => {
          this.#close(record);
          subscriber.complete();
        },
      });
      // Teardown: the client cancelled, its session closed, or the request settled.
      return () => this.#close(record);
    });
  }

  #open(init: InflightInit): Record {
    const record = new Record(init, this.#options.now());
    let records = this.#sessions.get(init.session);
    if (records === undefined) {
      records = new Map();
      this.#sessions.set(init.session, records);
    }
    records.set(keyOf(init.id), record);
    this.#size++;
    record.undo = this.#options.opened?.(record);
    return record;
  }

  /** The one teardown: idempotent. */
  #close(record: Record): void {
    if (record.closed) return;
    record.closed = true;
    // Ended without an error: answered (ok) or cancelled (a no-op when already ended).
    record.watch?.end(record.answered ? 'ok' : 'cancelled');
    record.fail = undefined;
    record.upstreamCall?.unsubscribe();
    record.upstreamCall = undefined;
    record.undo?.();
    record.undo = undefined;
    this.#size--;
    const records = this.#sessions.get(record.session);
    const key = keyOf(record.id);
    if (records?.get(key) === record) {
      records.delete(key);
      if (records.size === 0) this.#sessions.delete(record.session);
    }
  }
}
