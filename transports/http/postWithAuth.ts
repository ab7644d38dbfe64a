/**
 * The retry of a POST after an OAuth challenge (oauth/httpAuth.ts): a 401 or 403 is handed to
 * `auth`, and when it has new credentials (a token, a refreshed one, a DPoP nonce) the POST is
 * sent again, `MAX_AUTH_RETRIES` times at most, so a server that keeps refusing is not looped
 * on (conformance `scope-retry-limit`). The last refusal is returned as it came.
 */
import { discard } from './httpBody.js';
import { type HttpCall, header } from './httpRequest.js';
import { type HttpAuth, MAX_AUTH_RETRIES } from './oauth/index.js';

/** Sends with `send` (which adds the current credentials each time) until no challenge is left. */
export async function postWithAuth(
  auth: HttpAuth,
  send: () => Promise<HttpCall>,
): Promise<HttpCall> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    const status = res.statusCode;
    if ((status !== 401 && status !== 403) || attempt >= MAX_AUTH_RETRIES) return res;
    const challenge = {
      wwwAuthenticate: header(res, 'www-authenticate'),
      dpopNonce: header(res, 'dpop-nonce'),
    };
    discard(res);
    if (!(await auth.challenge(status, challenge))) return res;
  }
}
