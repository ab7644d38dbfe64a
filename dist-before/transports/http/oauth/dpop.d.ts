import * as oauth from 'oauth4webapi';
export declare class Dpop {
    #private;
    /** The resource server's last nonce (RFC 9449 §9). */
    resourceNonce: string | undefined;
    /** One proof for a resource request (§4.2), bound to the access token by `ath`. */
    proof(method: string, url: URL, token: string): Promise<string>;
    /** Token endpoint options with the handle (oauth4webapi adds the proof, caches nonces). */
    options<T extends object>(options: T): Promise<T & {
        DPoP: oauth.DPoPHandle;
    }>;
}
/** Runs a token request once more after a `use_dpop_nonce` answer (the nonce is cached). */
export declare function retryOnNonce<T>(dpop: Dpop | undefined, run: () => Promise<T>): Promise<T>;
