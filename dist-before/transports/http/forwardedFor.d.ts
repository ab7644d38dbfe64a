/**
 * The client's address, for what counts by address (the per-address session pool of clients
 * without a token, principalLimit.ts). The socket's peer, unless that peer is a trusted proxy:
 * then the first address of `X-Forwarded-For`, read from the right, that is not a trusted
 * proxy (each proxy appends the peer it saw, so the right end is the part a client cannot
 * forge). Without `trustProxy` the header is ignored: any client can write it.
 *
 * `trustProxy`: `true` trusts every peer (the listener is reachable only through one proxy)
 * and no forwarded address; a list trusts the peers and forwarded addresses it names (exact
 * IP addresses, no ranges). An entry that is not an IP address ends the walk at the last
 * trusted hop: the peer's address is used.
 */
import type { IncomingMessage } from 'node:http';
export type TrustProxy = boolean | readonly string[];
/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]:443` and `10.0.0.1:443` → the address; else undefined. */
export declare function plainIp(text: string): string | undefined;
export declare function clientAddress(req: IncomingMessage, trustProxy?: TrustProxy): string;
