/**
 * The lifecycle of the router's shared upstreams: adding one (its supervised `Upstream`),
 * opening its connections (shared, or one client's isolated one) with the handlers of what the
 * upstream sends, following its state into the catalog, subscriptions, log levels and start-up,
 * and taking it out on reload. The router owns the map of upstreams and passes it here with
 * the rest of what this reads (`UpstreamsHost`), as `forward.ts` reads a `ForwardHost`.
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { Catalog, CatalogKind } from '../../core/catalog/catalog.js';
import type { UpstreamConfig } from '../../core/config/config.js';
import type { Logger } from '../../core/log.js';
import { routerClientCapabilities } from '../../core/mcp/clientCapabilities.js';
import type { ClientInfo } from '../../core/mcp/context.js';
import { LATEST_LEGACY_VERSION } from '../../core/mcp/versions.js';
import { Connection, type InboundContext, type InboundEvent } from '../../core/rpc/connection.js';
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../../core/rpc/jsonrpc.js';
import type { Transport } from '../../core/rpc/transport.js';
import type { DownstreamSession } from '../downstream/downstream.js';
import type { UpstreamClock } from '../upstream/clock.js';
import { Upstream, type UpstreamState } from '../upstream/upstream.js';
import type { CatalogRefresh } from './catalogRefresh.js';
import type { KnownNames } from './downUpstreams.js';
import { ALL_KINDS, LIST_KINDS } from './facade.js';
import type { LogLevels } from './logLevels.js';
import type { StartupWait } from './startupWait.js';
import type { Subscriptions } from './subscriptions.js';
import {
  type UpstreamInboundHost,
  upstreamNotifications,
  upstreamRequests,
} from './upstreamInbound.js';

/** What the upstream lifecycle reads of the router. */
export interface UpstreamsHost {
  /** The router's map of upstreams, by name (this adds and removes entries). */
  readonly upstreams: Map<string, Upstream>;
  readonly knownNames: KnownNames;
  readonly lists: CatalogRefresh;
  readonly catalog: Catalog;
  readonly subscriptions: Pick<Subscriptions, 'upstreamState'>;
  readonly logging: Pick<LogLevels, 'upstreamState'>;
  /** What the handlers of upstream requests and notifications get (the router). */
  readonly inbound: UpstreamInboundHost;
  readonly openTransport: (config: UpstreamConfig, signal: AbortSignal) => Promise<Transport>;
  readonly serverInfo: ClientInfo;
  readonly initializeTimeoutMs: number;
  readonly scheduler: SchedulerLike;
  readonly clock: UpstreamClock;
  readonly log: Logger;
  startup(): StartupWait | undefined;
  /** The router is closed: late state reports are ignored. */
  closed(): boolean;
  /** A catalog kind changed (the facade's coalesced list_changed). */
  changed(kind: CatalogKind): void;
}

export class Upstreams {
  readonly #host: UpstreamsHost;

  constructor(host: UpstreamsHost) {
    this.#host = host;
  }

  /** Starts a supervised upstream for `config` and adds it to the map. */
  add(config: UpstreamConfig): void {
    const host = this.#host;
    const upstream = new Upstream({
      config,
      open: (cfg, signal) => this.open(cfg, signal),
      clientInfo: host.serverInfo,
      // Shared: whatever the router can route to some client (actors/README.md). Isolated
      // upstreams discover their catalog on this connection with the same capabilities.
      capabilities: routerClientCapabilities(LATEST_LEGACY_VERSION),
      initializeTimeoutMs: host.initializeTimeoutMs,
      onState: (u, state) => this.#onState(u, state),
      supervised: true,
      clock: host.clock,
      log: host.log,
    });
    host.upstreams.set(config.name, upstream);
    host.log.info(`upstream ${config.name}: connecting (${config.transport})`, {
      upstream: config.name,
    });
    upstream.start();
  }

  /** A connection to `config`'s upstream; `session`: the one client an isolated one serves. */
  async open(
    config: UpstreamConfig,
    signal: AbortSignal,
    session?: DownstreamSession,
  ): Promise<Connection> {
    const host = this.#host;
    const transport = await host.openTransport(config, signal);
    return new Connection(transport, {
      name: `upstream ${config.name}`,
      log: host.log.child(`upstream ${config.name}`),
      scheduler: host.scheduler,
      handlers: {
        request: (request, inbound) => this.#onRequest(config.name, request, inbound, session),
        notification: (notification) => this.#onNotification(config.name, notification, session),
      },
    });
  }

  /** Takes an upstream out (reload): its catalog part goes at once, then it is closed. */
  async remove(name: string, reason: string): Promise<void> {
    const host = this.#host;
    const upstream = host.upstreams.get(name);
    if (!upstream) return;
    host.upstreams.delete(name);
    host.knownNames.forget(name);
    host.subscriptions.upstreamState(name, 'closed');
    host.logging.upstreamState(name, 'closed');
    host.lists.remove(name);
    for (const kind of ALL_KINDS) host.changed(kind);
    await upstream.close(reason);
  }

  #onRequest(
    name: string,
    request: JsonRpcRequest,
    inbound: InboundContext,
    session: DownstreamSession | undefined,
  ): Observable<InboundEvent> {
    const handler = upstreamRequests[request.method];
    if (!handler) {
      throw new RpcError(
        ErrorCode.MethodNotFound,
        `mcp-mux cannot route ${request.method} from upstream ${name}`,
      );
    }
    return handler(this.#host.inbound, name, request, inbound, session);
  }

  #onNotification(
    name: string,
    notification: JsonRpcNotification,
    session: DownstreamSession | undefined,
  ): void {
    const handler = upstreamNotifications[notification.method];
    if (handler) handler(this.#host.inbound, name, notification, session);
    else this.#host.log.debug(`upstream ${name}: dropped ${notification.method}`);
  }

  #onState(upstream: Upstream, state: UpstreamState): void {
    const host = this.#host;
    // A removed or replaced upstream (reload) may still report its closing.
    if (host.closed() || host.upstreams.get(upstream.name) !== upstream) return;
    host.subscriptions.upstreamState(upstream.name, state);
    host.logging.upstreamState(upstream.name, state);
    if (state === 'ready') {
      void host.lists
        .refresh(
          upstream,
          LIST_KINDS.map((k) => k.kind),
        )
        .then(() => this.#ready(upstream));
    } else if (state === 'failed' || state === 'closed') {
      host.knownNames.remember(host.catalog, upstream.name);
      host.lists.remove(upstream.name);
      for (const kind of ALL_KINDS) host.changed(kind);
      if (state === 'failed')
        host.log.error(`upstream ${upstream.name}: failed — ${upstream.error ?? 'unknown error'}`, {
          upstream: upstream.name,
        });
      host.startup()?.settle(upstream.name);
    } else {
      host.log.debug(`upstream ${upstream.name}: ${state}`);
    }
  }

  /** Its lists are in the catalog: logged with their counts, and start-up told. */
  #ready(upstream: Upstream): void {
    const host = this.#host;
    const elapsed = host.scheduler.now() - upstream.startedAt;
    const counts = host.lists.countsOf(upstream.name);
    const server = upstream.server;
    host.log.info(
      `upstream ${upstream.name}: ready in ${elapsed}ms — ${counts?.tools ?? 0} tools, ${counts?.prompts ?? 0} prompts, ${counts?.resources ?? 0} resources, ${counts?.resourceTemplates ?? 0} resource templates`,
      {
        upstream: upstream.name,
        protocol: server?.protocolVersion,
        server:
          `${String(server?.serverInfo.name ?? '?')} ${String(server?.serverInfo.version ?? '')}`.trim(),
      },
    );
    host.startup()?.settle(upstream.name);
  }
}
