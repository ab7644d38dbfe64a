/**
 * One request through an upstream's admission queue (`Upstream.request$`): a cold Observable
 * whose subscription is one object (`Run`): the admission task, the subscriber of the
 * connection's request (a subscription by shape, `SourceHolder`, that is also its `Observer`, so
 * RxJS uses it as it is and hands it the request's teardown) and the teardown.
 *
 * What it does, in order: no ready connection → -32011 at once; admitted by the queue or
 * refused (-32010, `overloaded`); when it gets a slot, its limits are reduced by its wait
 * (`rest`), a modern upstream's request gets its `_meta` (modernCalls.ts), and it runs on the
 * connection; results lose the upstream's own serverInfo (core/mcp/upstreamIdentity.ts);
 * failures are explained (`explainFailure`: the upstream and the reason).
 */
import { Observable, type Observer, type Subscriber, throwError, type Unsubscribable } from 'rxjs';
import type { LocalError, RpcError } from '../../core/errors/index.js';
import { withoutUpstreamIdentity } from '../../core/mcp/index.js';
import { handOver, SourceHolder } from '../../core/operators/index.js';
import type { Connection, JsonObject, RequestEvent, RequestOptions } from '../../core/rpc/index.js';
import type { Admission, AdmissionTask, AdmissionTicket, Admitted } from './admission.js';
import type { UpstreamServerInfo } from './handshake.js';
import type { ModernCalls } from './modernCalls.js';
import { explainFailure } from './upstreamErrors.js';

/** What a call reads of its upstream (`Upstream` gives one of these, made once). */
export interface CallHost {
  readonly name: string;
  readonly connection: Connection | undefined;
  readonly server: UpstreamServerInfo | undefined;
  readonly queue: Admission;
  readonly modern: ModernCalls;
  unavailable(): RpcError;
  overloaded(): RpcError;
  /** The error of a request whose deadline passed while it waited for a slot. */
  expired(method: string, limit: number, idle: boolean): LocalError;
  /** The reason given to requests failed by a close that mcp-mux made. */
  localReason(): string | undefined;
}

/** What is left of a limit after `waited` ms in the queue (at least 1 ms). */
const rest = (limit: number, waited: number): number => Math.max(1, limit - waited);

/** What one call is: the method, its params and options, its queue lane. */
export interface CallSpec {
  readonly method: string;
  readonly params: JsonObject;
  readonly options: RequestOptions;
  readonly lane: string;
  readonly onAdmit: ((ticket: AdmissionTicket) => void) | undefined;
}

/** The cold Observable of one upstream request; each subscription is one `Run`. */
export function upstreamCall$(host: CallHost, call: CallSpec): Observable<RequestEvent> {
  return new Observable<RequestEvent>((subscriber) => {
    const connection = host.connection;
    if (!connection) {
      subscriber.error(host.unavailable());
      return undefined;
    }
    return handOver(subscriber, new Run(host, call, connection, subscriber).admit());
  });
}

class Run extends SourceHolder implements AdmissionTask, Observer<RequestEvent> {
  readonly #host: CallHost;
  readonly #call: CallSpec;
  readonly #connection: Connection;
  readonly #subscriber: Subscriber<RequestEvent>;
  #ticket: Admitted | undefined = undefined;
  #done: (() => void) | undefined = undefined;

  constructor(
    host: CallHost,
    call: CallSpec,
    connection: Connection,
    subscriber: Subscriber<RequestEvent>,
  ) {
    super();
    this.#host = host;
    this.#call = call;
    this.#connection = connection;
    this.#subscriber = subscriber;
  }

  /** Into the queue (it may run at once, inside `admit`); the teardown, or none when refused. */
  admit(): Unsubscribable | undefined {
    const host = this.#host;
    const { method, options } = this.#call;
    const { timeout, maxTotalTimeout } = options;
    const deadline =
      timeout === undefined
        ? maxTotalTimeout
        : maxTotalTimeout === undefined
          ? timeout
          : Math.min(timeout, maxTotalTimeout);
    const ticket = host.queue.admit(
      this.#call.lane,
      this,
      deadline,
      deadline === undefined
        ? undefined
        : () => host.expired(method, deadline, deadline === timeout),
    );
    if (ticket === undefined) {
      this.#subscriber.error(host.overloaded());
      return undefined;
    }
    this.#ticket = ticket;
    this.#call.onAdmit?.(ticket);
    return this;
  }

  /** The teardown: the connection's request (cancelled upstream if running), then the queue. */
  override unsubscribe(): void {
    super.unsubscribe();
    this.#ticket?.leave();
  }

  // The admission task.
  run(done: () => void): void {
    this.#done = done;
    const host = this.#host;
    const { method, params, options } = this.#call;
    // Runs inside `admit` when a slot is free (then no ticket yet: it did not wait).
    const waited = this.#ticket?.waitedMs ?? 0;
    const running = waited === 0 ? options : reduced(options, waited);
    const server = host.server;
    if (server?.era === 'modern') {
      const [sent, sentOptions] = host.modern.request(
        server.protocolVersion,
        method,
        params,
        running,
      );
      this.#connection.request$(method, sent, sentOptions).subscribe(this);
    } else {
      this.#connection.request$(method, params, running).subscribe(this);
    }
  }

  fail(error: unknown): void {
    this.#explain(error);
  }

  // The observer of the connection's request.
  next(event: RequestEvent): void {
    if (event.kind !== 'result') {
      this.#subscriber.next(event);
      return;
    }
    // Every era: the upstream's own serverInfo leaves the result (core/mcp/upstreamIdentity.ts).
    const result = withoutUpstreamIdentity(event.result);
    this.#subscriber.next(result === event.result ? event : { kind: 'result', result });
  }

  error(error: unknown): void {
    this.#done?.();
    this.#explain(error);
  }

  complete(): void {
    this.#done?.();
    this.#subscriber.complete();
  }

  /** The failure, explained (the upstream and the reason): no operator on the happy path. */
  #explain(error: unknown): void {
    const host = this.#host;
    const { method } = this.#call;
    const subscriber = this.#subscriber;
    throwError(() => error)
      .pipe(explainFailure(host.name, method, this.#connection, () => host.localReason()))
      .subscribe({ error: (explained: unknown) => subscriber.error(explained) });
  }
}

/** `options` with its limits reduced by a wait of `waited` ms in the queue. */
function reduced(options: RequestOptions, waited: number): RequestOptions {
  const { timeout, maxTotalTimeout } = options;
  return {
    ...options,
    ...(timeout === undefined ? {} : { timeout: rest(timeout, waited) }),
    ...(maxTotalTimeout === undefined ? {} : { maxTotalTimeout: rest(maxTotalTimeout, waited) }),
  };
}
