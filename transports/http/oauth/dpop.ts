/**
 * DPoP (RFC 9449) for one OAuth client: one ES256 key pair per process (not stored, so
 * DPoP-bound tokens do not outlive it), oauth4webapi's handle on it for the token endpoint
 * (proofs, and the authorization server's nonce), and the proofs of resource requests made
 * here (`htm`, `htu`, `ath`, the resource server's nonce after a `use_dpop_nonce` 401).
 */
import { createHash, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { loadJose } from './jose.js';

type Keys = Awaited<ReturnType<typeof oauth.generateKeyPair>>;

export class Dpop {
  #keys: Promise<{ keys: Keys; handle: oauth.DPoPHandle }> | undefined;
  /** The resource server's last nonce (RFC 9449 §9). */
  resourceNonce: string | undefined;

  #get(): Promise<{ keys: Keys; handle: oauth.DPoPHandle }> {
    this.#keys ??= oauth
      .generateKeyPair('ES256', { extractable: true })
      .then((keys) => ({ keys, handle: oauth.DPoP({}, keys) }));
    return this.#keys;
  }

  /** One proof for a resource request (§4.2), bound to the access token by `ath`. */
  async proof(method: string, url: URL, token: string): Promise<string> {
    const { keys } = await this.#get();
    const { exportJWK, SignJWT } = await loadJose();
    const jwk = await exportJWK(keys.publicKey);
    return new SignJWT({
      htm: method,
      htu: `${url.origin}${url.pathname}`,
      ath: createHash('sha256').update(token).digest('base64url'),
      ...(this.resourceNonce === undefined ? {} : { nonce: this.resourceNonce }),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt()
      .setJti(randomUUID())
      .sign(keys.privateKey);
  }

  /** Token endpoint options with the handle (oauth4webapi adds the proof, caches nonces). */
  async options<T extends object>(options: T): Promise<T & { DPoP: oauth.DPoPHandle }> {
    return { ...options, DPoP: (await this.#get()).handle };
  }
}

/** Runs a token request once more after a `use_dpop_nonce` answer (the nonce is cached). */
export async function retryOnNonce<T>(dpop: Dpop | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (dpop && oauth.isDPoPNonceError(error)) return run();
    throw error;
  }
}
