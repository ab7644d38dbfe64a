export class InflightTable {
    #entries = new Map();
    get size() {
        return this.#entries.size;
    }
    has(key) {
        return this.#entries.has(key);
    }
    /** Looks up by a value read off the wire (any type; a wrong type simply does not match). */
    get(key) {
        return this.#entries.get(key);
    }
    set(key, entry) {
        this.#entries.set(key, entry);
    }
    /** Removes and returns the entry for `key`, if any. */
    take(key) {
        const entry = this.#entries.get(key);
        if (entry !== undefined)
            this.#entries.delete(key);
        return entry;
    }
    /** Removes every entry and returns them (for failing them all when the connection closes). */
    drain() {
        const entries = [...this.#entries.values()];
        this.#entries.clear();
        return entries;
    }
}
//# sourceMappingURL=inflight.js.map