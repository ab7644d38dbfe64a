/**
 * Session ids that name their owner: `<version>.<instance>.<random>.<mac>`, where `mac` is
 * HMAC-SHA256 (a key derived from the cluster key) over `version.instance.random` and the
 * principal the session was opened for, base64url, cut to 22 characters (132 bits). Any
 * instance can tell, without a lookup, whether an id is genuine for the presenting principal
 * and which instance holds the session. Pure: no I/O, no clock.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_ID_VERSION = '1';
/** base64url characters kept of the MAC. */
const MAC_CHARS = 22;
const INSTANCE = /^[A-Za-z0-9_-]{1,64}$/;
const RANDOM = /^[A-Za-z0-9_-]{22}$/;

/** A key for one purpose (`label`), derived from the cluster key. */
export const derivedKey = (secret: string, label: string): Buffer =>
  createHash('sha256').update(`mcp-mux ${label}\0${secret}`).digest();

export class SessionIdSealer {
  readonly #key: Buffer;
  readonly instance: string;

  constructor(secret: string, instance: string) {
    if (!INSTANCE.test(instance))
      throw new Error(`invalid instance id ${JSON.stringify(instance)}`);
    this.#key = derivedKey(secret, 'session id v1');
    this.instance = instance;
  }

  /** A new id owned by this instance, bound to `principal` ('' for none). */
  mint(principal: string): string {
    const body = `${SESSION_ID_VERSION}.${this.instance}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${this.#mac(body, principal)}`;
  }

  /**
   * The owning instance of `id` when it is a genuine id for `principal`, else undefined (a
   * foreign format, another version, an altered part, or another principal's id).
   */
  ownerOf(id: string, principal: string): string | undefined {
    const parts = id.split('.');
    if (parts.length !== 4) return undefined;
    const [version, instance, random, mac] = parts as [string, string, string, string];
    if (version !== SESSION_ID_VERSION || !INSTANCE.test(instance) || !RANDOM.test(random)) {
      return undefined;
    }
    const expected = Buffer.from(this.#mac(`${version}.${instance}.${random}`, principal));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return instance;
  }

  #mac(body: string, principal: string): string {
    return createHmac('sha256', this.#key)
      .update(`${body}\0${principal}`)
      .digest('base64url')
      .slice(0, MAC_CHARS);
  }
}
