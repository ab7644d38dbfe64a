/**
 * What upstreams send to the router on their own: requests (server-to-client) and
 * notifications. Two tables, one handler per MCP method; methods not in the request table
 * get -32601, notifications not in theirs are dropped with a debug line.
 */
import { of } from 'rxjs';
import { methodTable } from '../../core/rpc/index.js';
import { logRecipients } from './logLevels.js';
/**
 * A shared upstream's log message: to the session that caused it when known (logLevels.ts).
 * Modern (session-less) callers in flight there are possible causes too. Either way only to
 * sessions that may receive what `upstream` sends (`mcpMux.access`).
 */
function logTargets(router, upstream) {
    const { sessions, modernCallers } = router.bridge.logCauses(upstream);
    return router.audience.only(upstream, logRecipients(sessions, router.sessions, modernCallers));
}
/** The one session of an isolated connection, if it may receive what `upstream` sends. */
const pinnedReceiver = (router, upstream, session) => (router.audience.mayReceive(session, upstream) ? [session] : []);
const refresh = (...kinds) => (router, upstream) => router.refresh(upstream, kinds);
/** Server-to-client requests go to one client session (actors/bridge/serverRequests.ts). */
const toClient = (router, upstream, request, inbound, session) => router.bridge.serverRequest$(upstream, request, inbound, session);
/**
 * `roots/list`: an isolated connection asks its own client. A shared connection serves every
 * client, so it never sees one client's roots on behalf of another: the router answers with
 * the config's roots (none by default) itself (core/config/roots.ts, actors/README.md).
 */
const rootsList = (router, upstream, request, inbound, session) => session
    ? router.bridge.serverRequest$(upstream, request, inbound, session)
    : of({ kind: 'result', result: { roots: [...router.rootsOf(upstream)] } });
export const upstreamRequests = methodTable({
    ping: () => of({ kind: 'result', result: {} }),
    'sampling/createMessage': toClient,
    'elicitation/create': toClient,
    'roots/list': rootsList,
});
export const upstreamNotifications = methodTable({
    'notifications/tools/list_changed': refresh('tools'),
    'notifications/prompts/list_changed': refresh('prompts'),
    'notifications/resources/list_changed': refresh('resources', 'resourceTemplates'),
    'notifications/elicitation/complete': (router, upstream, notification, session) => router.bridge.elicitationComplete(upstream, notification, session),
    // An isolated connection's messages and updates belong to its one session.
    'notifications/resources/updated': (router, upstream, notification, session) => {
        const params = notification.params ?? {};
        if (!session)
            router.subscriptions.deliver(upstream, params);
        else if (typeof params.uri === 'string' && router.audience.mayReceive(session, upstream)) {
            const uri = router.catalog.exposedUri(upstream, params.uri);
            session.notifyIfReady(notification.method, { ...params, uri });
        }
    },
    // Only to the session that created the task, with the id it was given.
    'notifications/tasks/status': (router, upstream, notification, session) => {
        const params = notification.params ?? {};
        const known = typeof params.taskId === 'string' ? router.tasks.find(upstream, params.taskId) : undefined;
        const owner = known?.owner;
        if (!known ||
            !owner ||
            (session && owner !== session) ||
            !router.audience.mayReceive(owner, upstream)) {
            router.log.debug(`upstream ${upstream}: dropped a status of an unknown task`);
            return;
        }
        owner.notifyIfReady(notification.method, { ...params, taskId: known.exposed });
    },
    'notifications/message': (router, upstream, notification, session) => {
        const params = notification.params ?? {};
        router.log.debug(`upstream ${upstream} log`, { level: params.level, data: params.data });
        const targets = session
            ? pinnedReceiver(router, upstream, session)
            : logTargets(router, upstream);
        router.logging.deliver(upstream, params, targets);
    },
});
//# sourceMappingURL=upstreamInbound.js.map