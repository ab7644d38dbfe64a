/**
 * `subscriptions/listen` (2026-07-28, basic/patterns/subscriptions) for modern clients.
 *
 * A listen is an inbound request that never completes by itself: on subscribe it sends
 * `notifications/subscriptions/acknowledged` with the subset of the filter the router honours,
 * then every matching notification, each tagged with `_meta.subscriptionId` = the request id
 * and sent with `relatedRequestId` so an HTTP transport puts it on that request's stream. It
 * ends when its handler is unsubscribed: the client's `notifications/cancelled` (stdio) or a
 * closed response stream (HTTP closes the connection). When the server closes the connection
 * (shutdown), each listen first gets its completion result (`endAll`).
 *
 * Sources (legacy upstreams): the facade's coalesced list changes reach every session through
 * `DownstreamSession.notifyIfReady`, which hands them to `Listens.deliver`; resource updates
 * come from the router's reference-counted `resources/subscribe` table (`ListenSources`, given by the
 * host), with each listen as a subscriber of the URIs it asked for. A URI is honoured when it
 * resolves to a shared upstream that declared `resources.subscribe`; others are left out of
 * the acknowledgment.
 */
import { Observable } from 'rxjs';
import type { Principal } from '../../core/auth/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import type { Logger } from '../../core/log/index.js';
import { META } from '../../core/mcp/index.js';
import type {
  Connection,
  InboundEvent,
  JsonObject,
  JsonRpcId,
  JsonRpcRequest,
} from '../../core/rpc/index.js';

const LIST_FLAGS: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
};

const FLAG_CAPABILITY: Readonly<Record<string, string>> = {
  toolsListChanged: 'tools',
  promptsListChanged: 'prompts',
  resourcesListChanged: 'resources',
};

/** What a listen asks of the router for resource updates (router/hosts.ts builds it). */
export interface ListenSources {
  /**
   * The shared upstream serving `uri` and its URI there, if it takes resource subscriptions
   * and `identity` may use it (`mcpMux.access`).
   */
  subscribable(
    uri: string,
    identity: Principal | undefined,
  ): { upstream: string; original: string } | undefined;
  /** The router's reference-counted `resources/subscribe` table (router/subscriptions.ts). */
  subscribe(
    subscriber: ListenSubscriber,
    upstream: string,
    uri: string,
    exposed: string,
  ): Promise<unknown>;
  unsubscribe(subscriber: ListenSubscriber, exposed: string): Promise<unknown>;
}

/** What a listen needs of its host (the `SessionHost` satisfies it). */
export interface ListenHost {
  readonly log: Logger;
  capabilities(): JsonObject;
  readonly listenSources?: ListenSources;
}

export interface ListenSubscriber {
  /** The principal of the connection the listen is on (the access policy reads it). */
  readonly identity: Principal | undefined;
  notifyIfReady(method: string, params?: JsonObject): void;
}

interface Listen {
  id: JsonRpcId;
  accepted: JsonObject;
  /** Ends the listen on the server's initiative with its completion result. */
  end: () => void;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A notification tagged with the subscription it belongs to. */
export function tagged(params: JsonObject | undefined, id: JsonRpcId): JsonObject {
  const meta = isObject(params?._meta) ? params._meta : {};
  return { ...params, _meta: { ...meta, [META.subscriptionId]: id } };
}

/** The listens open on one downstream connection. */
export class Listens {
  readonly #active = new Set<Listen>();
  readonly #connection: Connection;
  /** The connection's principal: listens receive only what it may (actors/router/audience.ts). */
  readonly #identity: Principal | undefined;

  constructor(connection: Connection, identity?: Principal) {
    this.#connection = connection;
    this.#identity = identity;
  }

  get size(): number {
    return this.#active.size;
  }

  /** A list change for this connection: to every listen that asked for it. */
  deliver(method: string, params?: JsonObject): void {
    const flag = LIST_FLAGS[method];
    if (flag === undefined) return;
    for (const listen of this.#active) {
      if (listen.accepted[flag] === true) this.#send(listen.id, method, params);
    }
  }

  /** The handler of one `subscriptions/listen` request. */
  open(host: ListenHost, request: JsonRpcRequest): Observable<InboundEvent> {
    const filter = request.params?.notifications;
    if (!isObject(filter)) {
      throw new RpcError(
        ErrorCode.InvalidParams,
        'subscriptions/listen: params.notifications must be an object',
      );
    }
    return new Observable<InboundEvent>((stream) => {
      const id = request.id;
      const capabilities = host.capabilities();
      const sources = host.listenSources;
      const accepted: JsonObject = {};
      for (const [flag, capability] of Object.entries(FLAG_CAPABILITY)) {
        if (filter[flag] === true && isObject(capabilities[capability])) accepted[flag] = true;
      }
      const uris = Array.isArray(filter.resourceSubscriptions)
        ? filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string')
        : [];
      const targets = uris.flatMap((uri) => {
        const target = sources?.subscribable(uri, this.#identity);
        return target ? [{ ...target, exposed: uri }] : [];
      });
      if (Array.isArray(filter.resourceSubscriptions)) {
        accepted.resourceSubscriptions = targets.map((t) => t.exposed);
      }
      const listen: Listen = {
        id,
        accepted,
        end: () => {
          stream.next({
            kind: 'result',
            result: { resultType: 'complete', _meta: { [META.subscriptionId]: id } },
          });
          stream.complete();
        },
      };
      this.#send(id, 'notifications/subscriptions/acknowledged', { notifications: accepted });
      this.#active.add(listen);
      const subscriber: ListenSubscriber = {
        identity: this.#identity,
        notifyIfReady: (method: string, params?: JsonObject) => this.#send(id, method, params),
      };
      for (const target of targets) {
        sources
          ?.subscribe(subscriber, target.upstream, target.original, target.exposed)
          .catch((error: unknown) =>
            host.log.warn('subscriptions/listen: an upstream refused a resource subscription', {
              uri: target.exposed,
              error: String(error),
            }),
          );
      }
      return () => {
        this.#active.delete(listen);
        for (const target of targets)
          void sources?.unsubscribe(subscriber, target.exposed).catch(() => {});
      };
    });
  }

  /**
   * Graceful closure (spec: the server SHOULD answer the listen request before closing): every
   * open listen gets its completion result. Called before the connection closes.
   */
  endAll(): void {
    for (const listen of [...this.#active]) listen.end();
  }

  #send(id: JsonRpcId, method: string, params: JsonObject | undefined): void {
    this.#connection.notify(method, tagged(params, id), { relatedRequestId: id });
  }
}
