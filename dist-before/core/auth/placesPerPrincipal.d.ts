/**
 * Places held per principal (a key: the principal's id, else what stands for it), up to a
 * bound given at each `acquire` (it may change under a reload). The per-principal limits of
 * the listeners (sessions per principal) and of modern listens count with it. A place is given
 * back by the function `acquire` returns, once however often it is called.
 */
export declare class PlacesPerPrincipal {
    #private;
    /** A place for `key`, or undefined when it already holds `max`. */
    acquire(key: string, max: number): (() => void) | undefined;
    /** Places held per key (stats and leak checks). */
    counts(): Map<string, number>;
    /** Places held over every key. */
    get total(): number;
}
