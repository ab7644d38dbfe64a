import { map, merge, Subject } from 'rxjs';
export class ProfilePaths {
    #options;
    #servers = new Map();
    #connections = new Subject();
    connections$ = this.#connections.asObservable();
    constructor(options) {
        this.#options = options;
    }
    /** The profile route of `pathname`, if it is one: which server and the profile's name. */
    match(pathname) {
        const { path, ssePath, messagesPath, legacy } = this.#options;
        const slash = pathname.lastIndexOf('/');
        if (slash <= 0)
            return undefined;
        const base = pathname.slice(0, slash);
        const name = pathname.slice(slash + 1);
        const kind = base === path
            ? 'mcp'
            : legacy && base === ssePath
                ? 'sse'
                : legacy && base === messagesPath
                    ? 'messages'
                    : undefined;
        return kind === undefined || name === '' ? undefined : { kind, name };
    }
    /** Serves a matched profile request; false when no such profile (the caller answers 404). */
    async handle(route, req, res, url, protection) {
        if (!this.#options.hasProfile(route.name))
            return false;
        const servers = this.#serversOf(route.name);
        if (route.kind === 'mcp')
            await servers.streamable.handle(req, res, protection);
        else if (route.kind === 'sse')
            servers.sse?.handleStream(req, res, protection);
        else
            await servers.sse?.handleMessage(req, res, url, protection);
        return true;
    }
    async close() {
        const all = [...this.#servers.values()];
        await Promise.all(all.flatMap(({ streamable, sse }) => [streamable.close(), sse?.close()]));
        this.#connections.complete();
    }
    #serversOf(name) {
        const known = this.#servers.get(name);
        if (known)
            return known;
        const streamable = this.#options.streamable();
        const sse = this.#options.legacy
            ? this.#options.sse(`${this.#options.messagesPath}/${name}`)
            : undefined;
        const servers = { streamable, sse };
        this.#servers.set(name, servers);
        const label = (transport) => {
            transport.profile = name;
            return transport;
        };
        const sources = sse
            ? merge(streamable.connections$, sse.connections$)
            : streamable.connections$;
        // Not `subscribe(subject)`: one profile's servers completing must not end the others'.
        sources.pipe(map(label)).subscribe((transport) => this.#connections.next(transport));
        return servers;
    }
}
//# sourceMappingURL=profilePaths.js.map