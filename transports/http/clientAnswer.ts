/**
 * A POST's answer that is not a stream (streamableHttpClient.ts): the body read whole (bounded
 * by `maxMessageBytes`), its messages emitted, and each request it carried that it does not
 * answer failed at once — answered locally (-32011) after an HTTP error, or as an invalid
 * response (`FrameError('parse')` with its `id`) after a 2xx: the server is up, its answer is
 * broken.
 */
import { FrameError } from '../../core/rpc/index.js';
import type { Exchange } from './clientExchange.js';
import type { StreamHost } from './clientStreams.js';
import { readBody } from './httpBody.js';
import { type HttpCall, isOk, mediaType } from './httpCall.js';
import { decodeJsonBody } from './jsonBody.js';
import { responseIds } from './messageShape.js';

export async function readJsonAnswer(
  host: StreamHost,
  res: HttpCall,
  exchange: Exchange,
): Promise<void> {
  const status = res.statusCode;
  const ok = isOk(res);
  const type = mediaType(res);
  const body = await readBody(res, host.maxBytes);
  let json = type === 'application/json';
  const values = json
    ? decodeJsonBody(body.toString('utf8'), host.options.rawMinChars, body)
    : undefined;
  if (values === undefined) json = false;
  for (const value of values ?? []) {
    const ids = responseIds(value);
    for (const id of ids) exchange.settle(id);
    if (ids.length > 0 || ok) host.emitMessage(value);
  }
  const missing = exchange.takeAll();
  if (missing.length === 0) return;
  if (!ok) {
    host.answerLocally(missing, `HTTP ${status} from the upstream`);
    return;
  }
  const why = json
    ? `HTTP ${status} with a JSON body that is not a JSON-RPC response to it`
    : type === 'application/json'
      ? `HTTP ${status} with an application/json body that is not JSON`
      : `HTTP ${status} with Content-Type ${type || '(none)'}, not a JSON-RPC response`;
  for (const id of missing) host.emitError(new FrameError('parse', why, { id, response: true }));
}
