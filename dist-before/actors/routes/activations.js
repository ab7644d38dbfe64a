export class ActivatedTools {
    #bySession = new WeakMap();
    /** The session's activated exposed names, oldest first. */
    of(session) {
        return this.#bySession.get(session) ?? [];
    }
    /**
     * Activates `names` (a name already active moves to the newest place), keeping the newest
     * `cap`. True when the set of active names changed (a `list_changed` is due).
     */
    add(session, names, cap) {
        if (cap <= 0 || names.length === 0)
            return false;
        const before = this.#bySession.get(session) ?? [];
        const incoming = new Set(names);
        const next = [...before.filter((name) => !incoming.has(name)), ...incoming].slice(-cap);
        this.#bySession.set(session, next);
        return next.length !== before.length || next.some((name) => !before.includes(name));
    }
}
//# sourceMappingURL=activations.js.map