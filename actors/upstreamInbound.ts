/**
 * What upstreams send to the router on their own: requests (server-to-client) and
 * notifications. Two tables, one handler per MCP method; methods not in the request table
 * get -32601, notifications not in theirs are dropped with a debug line.
 */
import { type Observable, of } from 'rxjs';
import type { CatalogKind } from '../core/catalog.js';
import type { InboundContext, InboundEvent } from '../core/connection.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../core/jsonrpc.js';
import type { DownstreamSession } from './downstream.js';
import type { Router } from './router.js';

export type UpstreamRequestHandler = (
  router: Router,
  upstream: string,
  request: JsonRpcRequest,
  inbound: InboundContext,
  /** The one session an isolated upstream connection serves; undefined on a shared one. */
  session?: DownstreamSession,
) => Observable<InboundEvent>;

export type UpstreamNotificationHandler = (
  router: Router,
  upstream: string,
  notification: JsonRpcNotification,
  /** The one session an isolated upstream connection serves; undefined on a shared one. */
  session?: DownstreamSession,
) => void;

const refresh =
  (...kinds: CatalogKind[]): UpstreamNotificationHandler =>
  (router, upstream) =>
    router.refresh(upstream, kinds);

/** Server-to-client requests go to one client session (actors/serverRequests.ts). */
const toClient: UpstreamRequestHandler = (router, upstream, request, inbound, session) =>
  router.serverRequests.request$(upstream, request, inbound, session);

export const upstreamRequests: Record<string, UpstreamRequestHandler> = {
  ping: () => of<InboundEvent>({ kind: 'result', result: {} }),
  'sampling/createMessage': toClient,
  'elicitation/create': toClient,
  'roots/list': toClient,
};

export const upstreamNotifications: Record<string, UpstreamNotificationHandler> = {
  'notifications/tools/list_changed': refresh('tools'),
  'notifications/prompts/list_changed': refresh('prompts'),
  'notifications/resources/list_changed': refresh('resources', 'resourceTemplates'),
  'notifications/elicitation/complete': (router, upstream, notification, session) =>
    router.serverRequests.elicitationComplete(upstream, notification, session),
  // An isolated connection's messages and updates belong to its one session.
  'notifications/resources/updated': (router, upstream, notification, session) => {
    const params = notification.params ?? {};
    if (!session) router.subscriptions.deliver(upstream, params);
    else if (typeof params.uri === 'string') {
      const uri = router.catalog.exposedUri(upstream, params.uri);
      session.notifyIfReady(notification.method, { ...params, uri });
    }
  },
  'notifications/message': (router, upstream, notification, session) => {
    const params = notification.params ?? {};
    router.log.debug(`upstream ${upstream} log`, { level: params.level, data: params.data });
    router.logging.deliver(upstream, params, session ? [session] : router.sessions);
  },
};
