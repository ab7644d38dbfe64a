/**
 * What upstreams send to the router on their own: requests (server-to-client) and
 * notifications. Two tables, one handler per MCP method; methods not in the request table
 * get -32601, notifications not in theirs are dropped with a debug line.
 */
import { type Observable, of } from 'rxjs';
import type { CatalogKind } from '../core/catalog.js';
import type { InboundContext, InboundEvent } from '../core/connection.js';
import type { JsonRpcNotification, JsonRpcRequest } from '../core/jsonrpc.js';
import type { Router } from './router.js';

export type UpstreamRequestHandler = (
  router: Router,
  upstream: string,
  request: JsonRpcRequest,
  inbound: InboundContext,
) => Observable<InboundEvent>;

export type UpstreamNotificationHandler = (
  router: Router,
  upstream: string,
  notification: JsonRpcNotification,
) => void;

const refresh =
  (...kinds: CatalogKind[]): UpstreamNotificationHandler =>
  (router, upstream) =>
    router.refresh(upstream, kinds);

export const upstreamRequests: Record<string, UpstreamRequestHandler> = {
  ping: () => of<InboundEvent>({ kind: 'result', result: {} }),
};

export const upstreamNotifications: Record<string, UpstreamNotificationHandler> = {
  'notifications/tools/list_changed': refresh('tools'),
  'notifications/prompts/list_changed': refresh('prompts'),
  'notifications/resources/list_changed': refresh('resources', 'resourceTemplates'),
  'notifications/message': (router, upstream, notification) => {
    const params = notification.params ?? {};
    router.log.info(`upstream ${upstream} log`, { level: params.level, data: params.data });
  },
};
