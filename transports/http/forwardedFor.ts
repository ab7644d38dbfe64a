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
import { isIP } from 'node:net';

export type TrustProxy = boolean | readonly string[];

/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]:443` and `10.0.0.1:443` → the address; else undefined. */
export function plainIp(text: string): string | undefined {
  let value = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1] ?? '';
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) === 0 ? undefined : value;
}

export function clientAddress(req: IncomingMessage, trustProxy: TrustProxy = false): string {
  const peer = plainIp(req.socket.remoteAddress ?? '') ?? 'unknown';
  if (trustProxy === false) return peer;
  const trusted = new Set(trustProxy === true ? [] : trustProxy.map((a) => plainIp(a) ?? a));
  if (trustProxy !== true && !trusted.has(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = (hops[i] ?? '').trim();
    if (hop === '') continue;
    const address = plainIp(hop);
    if (address === undefined) return peer;
    if (!trusted.has(address)) return address;
  }
  return peer;
}
