import { Upstream } from './upstream.js';
/** Whether `upstream`, ready and modern, gets a legacy connection beside it (file comment). */
export function wantsLegacyConnection(upstream) {
    const { config } = upstream;
    return (upstream.era === 'modern' &&
        (config.protocol ?? 'auto') === 'auto' &&
        (config.transport === 'stdio' || config.transport === 'streamable-http') &&
        config.sessionMode !== 'isolated');
}
export class LegacyConnections {
    #options;
    #entries = new Map();
    constructor(options) {
        this.#options = options;
    }
    /**
     * Follows `modern`'s state: opens its legacy connection when it gets ready (if it is dual-era
     * material), closes it when it goes down. Resolves when the legacy side has settled.
     */
    follow(modern, state) {
        const entry = this.#entries.get(modern.name);
        if (state !== 'ready') {
            if (state === 'connecting' || state === 'failed' || state === 'closed') {
                void this.close(modern.name);
            }
            return Promise.resolve();
        }
        if (entry?.modern === modern && entry.legacy.state !== 'closed')
            return entry.settled;
        if (entry)
            void this.close(modern.name);
        if (!wantsLegacyConnection(modern))
            return Promise.resolve();
        return this.#start(modern).settled;
    }
    /** Open legacy connections (ready or not). */
    get size() {
        return this.#entries.size;
    }
    /** Closes `name`'s legacy connection, if any. */
    async close(name, reason) {
        const entry = this.#entries.get(name);
        if (!entry)
            return;
        this.#entries.delete(name);
        if (entry.modern.legacy === entry.legacy)
            entry.modern.legacy = undefined;
        await entry.legacy.close(reason);
    }
    async closeAll(reason) {
        await Promise.allSettled([...this.#entries.keys()].map((name) => this.close(name, reason)));
    }
    #start(modern) {
        const { log } = this.#options;
        const name = modern.name;
        let settle = () => { };
        const settled = new Promise((resolve) => {
            settle = resolve;
        });
        const entry = {
            modern,
            everReady: false,
            settled,
            legacy: new Upstream({
                config: { ...modern.config, protocol: 'legacy' },
                open: this.#options.open,
                clientInfo: this.#options.clientInfo,
                capabilities: this.#options.capabilities,
                initializeTimeoutMs: this.#options.initializeTimeoutMs,
                supervised: true,
                clock: this.#options.clock,
                log,
                onState: (legacy, state) => this.#onState(entry, legacy, state, settle),
            }),
        };
        this.#entries.set(name, entry);
        log.debug(`upstream ${name}: opening a legacy connection for legacy clients`);
        entry.legacy.start();
        return entry;
    }
    #onState(entry, legacy, state, settle) {
        const { log } = this.#options;
        const name = legacy.name;
        const current = this.#entries.get(name) === entry;
        if (state === 'ready') {
            if (!current)
                return;
            if (legacy.config.transport !== 'stdio' && legacy.connection?.sessionId === undefined) {
                // Stateless legacy serving (no session): pushed requests could never be answered.
                log.info(`upstream ${name}: serves legacy requests without a session; legacy clients are bridged`, { upstream: name });
                this.#entries.delete(name);
                void legacy.close();
                settle();
                return;
            }
            entry.everReady = true;
            entry.modern.legacy = legacy;
            log.info(`upstream ${name}: dual-era — legacy clients over ${legacy.server?.protocolVersion ?? 'legacy'}, 2026-07-28 clients over ${entry.modern.server?.protocolVersion ?? 'modern'}`, { upstream: name });
            settle();
            return;
        }
        if (entry.modern.legacy === legacy)
            entry.modern.legacy = undefined;
        if (state !== 'failed' && state !== 'closed')
            return;
        if (!entry.everReady && current) {
            // Never ready: a modern-only server. Its legacy sessions stay bridged (actors/bridge/).
            log.info(`upstream ${name}: serves 2026-07-28 only (legacy initialize: ${legacy.error ?? state}); legacy clients are bridged`, { upstream: name });
            this.#entries.delete(name);
            void legacy.close();
        }
        settle();
    }
}
//# sourceMappingURL=legacyConnections.js.map