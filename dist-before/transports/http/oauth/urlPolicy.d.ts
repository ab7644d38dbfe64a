/** Whether `url` names a loopback host (a literal, or `localhost`). */
export declare function isLoopback(url: URL): boolean;
/** Throws unless `url` is HTTPS, or HTTP to a loopback host. `what` names it in the message. */
export declare function requireSecureUrl(url: URL, what?: string): void;
