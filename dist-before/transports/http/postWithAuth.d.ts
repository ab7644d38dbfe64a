/**
 * The retry of a POST after an OAuth challenge (oauth/httpAuth.ts): a 401 or 403 is handed to
 * `auth`, and when it has new credentials (a token, a refreshed one, a DPoP nonce) the POST is
 * sent again, `MAX_AUTH_RETRIES` times at most, so a server that keeps refusing is not looped
 * on (conformance `scope-retry-limit`). The last refusal is returned as it came.
 */
import type { IncomingMessage } from 'node:http';
import { type HttpAuth } from './oauth/index.js';
/** Sends with `send` (which adds the current credentials each time) until no challenge is left. */
export declare function postWithAuth(auth: HttpAuth, send: () => Promise<IncomingMessage>): Promise<IncomingMessage>;
