export interface ListenLimits {
    /** Resource URIs one listen may name. */
    maxUris: number;
    /** Listens one principal may hold open at once. */
    maxPerPrincipal: number;
}
export declare class ListenQuota {
    #private;
    constructor(limits: () => ListenLimits);
    get limits(): ListenLimits;
    /**
     * Takes a place for `key` (a principal, else one connection): the function that gives it
     * back (idempotent), or undefined when `key` already holds `maxPerPrincipal` listens.
     */
    acquire(key: string): (() => void) | undefined;
    /** Open listens per key (stats, leak checks). */
    counts(): Map<string, number>;
    /** Open listens over every key (`Router.stats`). */
    get total(): number;
}
