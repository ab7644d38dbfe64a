/**
 * Places held per principal (a key: the principal's id, else what stands for it), up to a
 * bound given at each `acquire` (it may change under a reload). The per-principal limits of
 * the listeners (sessions per principal) and of modern listens count with it. A place is given
 * back by the function `acquire` returns, once however often it is called.
 */
export class PlacesPerPrincipal {
    #held = new Map();
    /** A place for `key`, or undefined when it already holds `max`. */
    acquire(key, max) {
        const count = this.#held.get(key) ?? 0;
        if (count >= max)
            return undefined;
        this.#held.set(key, count + 1);
        let released = false;
        return () => {
            if (released)
                return;
            released = true;
            const left = (this.#held.get(key) ?? 1) - 1;
            if (left <= 0)
                this.#held.delete(key);
            else
                this.#held.set(key, left);
        };
    }
    /** Places held per key (stats and leak checks). */
    counts() {
        return new Map(this.#held);
    }
    /** Places held over every key. */
    get total() {
        let total = 0;
        for (const count of this.#held.values())
            total += count;
        return total;
    }
}
//# sourceMappingURL=placesPerPrincipal.js.map