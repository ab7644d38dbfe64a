/**
 * The soak's book of every request on the wire, per client session: what each client sent
 * and what came back, read at the transport (below the SDK, which drops what it no longer
 * waits for). From it: lost (a request with no response, unless the soak itself cancelled
 * it, or the client's HTTP exchange failed: the client was told), duplicated (two responses for one id, or a response to an id never sent), and leaks
 * (a message on a session of a principal who may not use the upstream it came from).
 */
/** What the SDK transports of both SDK majors have in common. */
export interface WireTransport {
    onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
    send(message: unknown, options?: unknown): Promise<void>;
}
/** The reason the soak gives when it cancels: cancels with another reason (SDK timeouts) count. */
export declare const SOAK_CANCEL = "soak-cancel";
interface Message {
    id?: string | number;
    method?: string;
    params?: Record<string, unknown>;
    result?: unknown;
    error?: unknown;
}
export interface SessionBook {
    name: string;
    sent: Map<string | number, {
        method: string;
        at: number;
    }>;
    responses: Map<string | number, number>;
    cancelled: Set<string | number>;
    /** Requests whose HTTP exchange failed: the client got a transport error, not silence. */
    failedSends: Map<string | number, string>;
    unknownResponses: number;
    leaks: string[];
    /** Notifications heard per upstream (log messages by logger, resource updates by scheme). */
    heard: Map<string, number>;
}
export declare class Ledger {
    readonly sessions: SessionBook[];
    /**
     * Wraps `transport` (before `connect`, so `initialize` is booked too). `denied` names the
     * upstreams this session's principal may not use: anything of theirs on its wire is a leak.
     */
    watch(name: string, transport: WireTransport, denied?: string[]): SessionBook;
    /** Requests sent more than `graceMs` ago with no response and not cancelled by the soak. */
    lost(graceMs: number, now?: number): {
        session: string;
        id: string | number;
        method: string;
    }[];
    /** Requests whose exchange failed (refused or reset connection), by cause. */
    failedSends(): Record<string, number>;
    /** Ids answered more than once, plus responses to ids never sent. */
    duplicated(): number;
    leaks(): string[];
    /** Notifications heard from each upstream by the sessions whose name starts with `prefix`. */
    heard(prefix: string): Record<string, number>;
    /** Requests on the wire and how many were answered, over every session. */
    totals(): {
        sent: number;
        answered: number;
        cancelled: number;
    };
}
/** The upstream a log message (by logger) or resource update (by URI scheme) comes from. */
export declare function sourceOf(message: Message, upstreams: string[]): string | undefined;
/**
 * What in `message` comes from a denied upstream: a log message whose logger is the upstream
 * (or below it), a resource update of its URI scheme, a server request (Bob's own upstream
 * asks nothing), or a namespaced name or URI of it anywhere in a notification.
 */
export declare function leakOf(message: Message, denied: string[]): string | undefined;
export {};
