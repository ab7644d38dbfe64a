import { ActivatedTools, } from '../routes/index.js';
/** The facade's capabilities for a client of `protocolVersion`, as `initialize` returns them. */
export function capabilitiesFor(upstreams, state, protocolVersion) {
    const caps = upstreams.capabilities(!state.isSettled());
    // Tasks exist in 2025-11-25 only (not before, and not in 2026-07-28).
    if (protocolVersion !== undefined && protocolVersion !== '2025-11-25')
        delete caps.tasks;
    // Cut results are read back as resources (`mcp-mux://results/…`), whatever the upstreams offer.
    if (caps.resources === undefined && state.config().upstreams.some((u) => u.maxResultBytes)) {
        caps.resources = {};
    }
    return caps;
}
/**
 * The one predicate lists, calls and search ask (absent when neither access rules nor profiles
 * are configured, so routes skip the per-item work): the access policy, and for a caller in a
 * profile, that profile's globs too.
 */
function allowsFor(policy, profiles) {
    if (profiles === undefined) {
        return (policy &&
            ((caller, upstream, kind, exposed) => policy.allows(caller.identity, upstream, kind, exposed)));
    }
    return (caller, upstream, kind, exposed) => (caller.profile === undefined || profiles.allows(caller.profile, upstream, kind, exposed)) &&
        (policy === undefined || policy.allows(caller.identity, upstream, kind, exposed));
}
export function routeHostOf(parts) {
    const { state, upstreams, subscriptions, forwarder } = parts;
    const profiles = parts.audience.profiles;
    // Rules and profiles both come from the config: one identity check per read (the hot path's
    // cost without either is that check and `undefined`).
    let compiledFor;
    let allows;
    const allowsOf = () => {
        const config = state.config();
        if (config !== compiledFor) {
            compiledFor = config;
            allows = allowsFor(parts.audience.policy, profiles?.compiled && profiles);
        }
        return allows;
    };
    const host = {
        catalog: parts.catalog,
        cursors: parts.cursors,
        tasks: parts.tasks,
        scheduler: parts.scheduler,
        // The config is replaced by a reload: read at each use.
        get pageSize() {
            return state.config().pageSize;
        },
        get isStarted() {
            return state.isStarted();
        },
        whenStarted: () => state.whenStarted(),
        upstream: (name) => {
            const upstream = upstreams.get(name);
            return (upstream && {
                // Routes read it for sessions (subscribe, completion): a dual-era upstream's legacy
                // connection is theirs.
                capabilities: (upstream.legacy ?? upstream).server?.capabilities,
                isolated: upstream.config.sessionMode === 'isolated',
            });
        },
        forward: (name, method, params, caller) => forwarder.forward(name, method, params, caller),
        subscribe: (session, upstream, uri, exposed) => subscriptions.subscribe(session, upstream, uri, exposed),
        unsubscribe: (session, exposed) => subscriptions.unsubscribe(session, exposed),
        syncLogLevels: () => parts.logging.sync(),
        downUpstreams: () => upstreams.down(),
        get toolSearch() {
            const search = state.config().toolSearch;
            return search && search.mode !== 'off' ? search : undefined;
        },
        profileToolSearch: (profile) => {
            const search = profiles?.toolSearch(profile, state.config().toolSearch);
            return search && search.mode !== 'off' ? search : undefined;
        },
        inProfile: (profile, upstream, kind, exposed) => profiles?.allows(profile, upstream, kind, exposed) ?? false,
        activations: new ActivatedTools(),
        results: parts.results,
    };
    Object.defineProperty(host, 'approval', { enumerable: true, get: parts.approvals });
    Object.defineProperty(host, 'allows', {
        enumerable: true,
        // Absent (undefined) without rules, so routes skip the per-item work entirely.
        get: allowsOf,
    });
    Object.defineProperty(host, 'rateLimit', { enumerable: true, get: parts.rateLimit });
    return host;
}
export function sessionHostOf(parts) {
    const { state, upstreams, subscriptions, catalog, audience } = parts;
    return {
        log: parts.log,
        scheduler: parts.scheduler,
        disconnectGraceMs: parts.disconnectGraceMs,
        serverInfo: parts.serverInfo,
        whenStarted: () => state.whenStarted(),
        capabilities: (protocolVersion) => capabilitiesFor(upstreams, state, protocolVersion),
        instructions: () => upstreams.instructions(),
        route: parts.route,
        rootsListChanged: (session) => parts.bridge.rootsListChanged(session),
        // Each isolated upstream's start-up `roots/list` reaches this client (actors/README.md);
        // none it may not use is opened for it (`mcpMux.access`).
        initialized: (session) => {
            if (!state.draining())
                upstreams.openIsolated(session, (name) => audience.mayReceive(session, name));
        },
        listenSources: {
            subscribable: (uri, identity, profile) => {
                const resolved = catalog.resolveUri(uri);
                const upstream = resolved && upstreams.get(resolved.upstream);
                if (!resolved || !upstream || upstream.config.sessionMode === 'isolated')
                    return undefined;
                if (!audience.mayReceive({ identity, profile }, resolved.upstream))
                    return undefined;
                if (profile !== undefined &&
                    !audience.profiles?.allows(profile, resolved.upstream, 'resources', uri))
                    return undefined;
                const resources = upstream.server?.capabilities.resources;
                return resources?.subscribe === true ? resolved : undefined;
            },
            subscribe: (subscriber, upstream, uri, exposed) => subscriptions.subscribe(subscriber, upstream, uri, exposed),
            unsubscribeAll: (subscriber) => subscriptions.dropSession(subscriber),
        },
        listenQuota: parts.listenQuota,
    };
}
//# sourceMappingURL=hosts.js.map