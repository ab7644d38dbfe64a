/**
 * Where the OAuth client may send a request: HTTPS anywhere, plain HTTP only to loopback.
 *
 * Loopback is decided on the URL alone, never by resolving a name: the IPv4 literals
 * 127.0.0.0/8, the IPv6 literal `::1`, IPv4-mapped `::ffff:127.x.y.z`, and the one name
 * `localhost` (RFC 6761 reserves it for loopback). Any other name is not loopback, whatever it
 * looks like (`127.attacker.example`, `localhost.evil`, `localhost.`).
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');
/** Whether `url` names a loopback host (a literal, or `localhost`). */
export function isLoopback(url) {
    const host = url.hostname;
    if (host === 'localhost')
        return true;
    // WHATWG URL parsing already turned `127.1` or `0x7f.1` into `127.0.0.1`.
    if (isIPv4(host))
        return loopback.check(host, 'ipv4');
    const inner = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    return isIPv6(inner) && loopback.check(inner, 'ipv6');
}
/** Throws unless `url` is HTTPS, or HTTP to a loopback host. `what` names it in the message. */
export function requireSecureUrl(url, what = 'authorization endpoints') {
    if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url)))
        return;
    throw new Error(`refusing ${url.origin}: ${what} must use HTTPS (plain HTTP only to loopback)`);
}
//# sourceMappingURL=urlPolicy.js.map