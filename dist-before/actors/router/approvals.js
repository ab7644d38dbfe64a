import { matchesFilter } from '../../core/catalog/index.js';
import { NonceLedger, RequestStateSealer } from '../../core/mcp/index.js';
import { outcomeOf } from '../../core/observe/index.js';
const DEFAULT_TTL_MS = 120_000;
/** A function that reads the `Approvals` of the config in force (cached per config). */
export function approvalsOf(parts) {
    const sealer = new RequestStateSealer(parts.key);
    const ledger = new NonceLedger();
    const remembered = new WeakMap();
    const destructive = destructiveTools(parts.catalog);
    let from;
    let current;
    return () => {
        const config = parts.config();
        if (config === from)
            return current;
        from = config;
        const serverGlobs = new Map(config.upstreams.flatMap((u) => (u.approve?.length ? [[u.name, u.approve]] : [])));
        const mux = config.approve?.length ? { allow: config.approve } : undefined;
        const askDestructive = config.approveDestructive === true;
        if (!mux && serverGlobs.size === 0 && !askDestructive) {
            current = undefined;
            return current;
        }
        const { observer, scheduler } = parts;
        current = {
            needs(upstream, original, exposed) {
                if (mux && matchesFilter(exposed, mux))
                    return true;
                const globs = serverGlobs.get(upstream);
                if (globs && matchesFilter(original, { allow: globs }))
                    return true;
                return askDestructive && destructive().has(exposed);
            },
            fallback: config.approveFallback ?? 'deny',
            remember: config.approveRemember ?? 'none',
            redact: config.approveRedact,
            ttlMs: config.inputRequiredTtlMs ?? DEFAULT_TTL_MS,
            scheduler,
            now: () => scheduler.now(),
            seal: (claims) => sealer.seal(claims),
            open: (state, expected) => sealer.open(state, expected),
            claim: (nonce, expiresAt, now) => ledger.claim(nonce, expiresAt, now),
            remembered(session) {
                let set = remembered.get(session);
                if (!set) {
                    set = new Set();
                    remembered.set(session, set);
                }
                return set;
            },
            decided: (upstream, decision) => observer?.approval?.(upstream, decision),
            declined(call, caller, error) {
                if (!observer)
                    return;
                const params = { ...call.params, name: call.original };
                const watch = observer.request(call.upstream, call.method, call.original, params, caller);
                if (error === undefined)
                    watch.end('declined');
                else
                    watch.end(outcomeOf(error), error);
            },
        };
        return current;
    };
}
/** The exposed names of the tools annotated `destructiveHint: true`, per catalog version. */
function destructiveTools(catalog) {
    let version = -1;
    let names = new Set();
    return () => {
        const now = catalog.versionOf('tools');
        if (now === version)
            return names;
        version = now;
        const found = new Set();
        for (const tool of catalog.list('tools')) {
            const annotations = tool.annotations;
            if (annotations?.destructiveHint === true && typeof tool.name === 'string') {
                found.add(tool.name);
            }
        }
        names = found;
        return names;
    };
}
//# sourceMappingURL=approvals.js.map