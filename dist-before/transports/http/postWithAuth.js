import { discard, header } from './httpRequest.js';
import { MAX_AUTH_RETRIES } from './oauth/index.js';
/** Sends with `send` (which adds the current credentials each time) until no challenge is left. */
export async function postWithAuth(auth, send) {
    for (let attempt = 0;; attempt++) {
        const res = await send();
        const status = res.statusCode ?? 0;
        if ((status !== 401 && status !== 403) || attempt >= MAX_AUTH_RETRIES)
            return res;
        const challenge = {
            wwwAuthenticate: header(res, 'www-authenticate'),
            dpopNonce: header(res, 'dpop-nonce'),
        };
        discard(res);
        if (!(await auth.challenge(status, challenge)))
            return res;
    }
}
//# sourceMappingURL=postWithAuth.js.map