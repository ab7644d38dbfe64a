/**
 * The internal hop between instances: a request one instance forwards to the owner of a
 * session or round carries `mcp-mux-hop: 1.<from>.<timestamp>.<mac>`, the MAC being
 * HMAC-SHA256 (a key derived from the cluster key) over the sender, the timestamp, the method,
 * the session id (or '') and the principal the sender authenticated. The owner accepts it
 * within `HOP_SKEW_MS` of its clock, and only when its own authentication of the carried
 * credentials gives the same principal. Pure: time comes in as `now`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './sessionIds.js';

export const HOP_HEADER = 'mcp-mux-hop';
/** How far a hop's timestamp may be from the receiver's clock. */
export const HOP_SKEW_MS = 30_000;

export interface HopFacts {
  method: string;
  /** The session id the request names ('' for none). */
  session: string;
  /** The principal id the sender authenticated ('' for none). */
  principal: string;
}

export type HopVerdict = { ok: true; from: string } | { ok: false; why: string };

export class HopAuth {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = derivedKey(secret, 'hop v1');
  }

  /** The header value for a hop from `from` at `now`. */
  sign(from: string, facts: HopFacts, now: number): string {
    const body = `1.${from}.${Math.floor(now)}`;
    return `${body}.${this.#mac(body, facts)}`;
  }

  verify(header: string, facts: HopFacts, now: number): HopVerdict {
    const parts = header.split('.');
    if (parts.length !== 4 || parts[0] !== '1') return { ok: false, why: 'malformed' };
    const [, from, stamp, mac] = parts as [string, string, string, string];
    const at = Number(stamp);
    if (!/^\d{1,16}$/.test(stamp) || Math.abs(now - at) > HOP_SKEW_MS) {
      return { ok: false, why: 'stale' };
    }
    const expected = Buffer.from(this.#mac(`1.${from}.${stamp}`, facts));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, why: 'bad mac' };
    }
    return { ok: true, from };
  }

  #mac(body: string, facts: HopFacts): string {
    return createHmac('sha256', this.#key)
      .update(`${body}\0${facts.method}\0${facts.session}\0${facts.principal}`)
      .digest('base64url');
  }
}
