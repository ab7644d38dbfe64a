/**
 * What a tool is seen to ask the client for when its upstream answers a call with
 * `input_required` (2026-07-28): each input request's method names a client capability
 * (`SERVER_REQUEST_CAPABILITY`), learned for the tool the call named (core/catalog/toolNeeds.ts).
 * The legacy way, a server request while the call is in flight, is learned in serverRequests.ts.
 */
import { type Observable, tap } from 'rxjs';
import { type ClientNeed, isClientNeed } from '../../core/catalog/index.js';
import { SERVER_REQUEST_CAPABILITY } from '../../core/mcp/index.js';
import type { JsonObject, RequestEvent } from '../../core/rpc/index.js';
import { interimOf } from './interim.js';

export type Learned = (upstream: string, tool: string, need: ClientNeed) => void;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Tells `learned` what an `input_required` result of tool `tool` asks the client for. */
export function learnFromInterim(
  interim: JsonObject,
  upstream: string,
  tool: string,
  learned: Learned,
): void {
  const requests = interim.inputRequests;
  if (!isObject(requests)) return;
  for (const request of Object.values(requests)) {
    const method = isObject(request) ? request.method : undefined;
    const need = typeof method === 'string' ? SERVER_REQUEST_CAPABILITY[method] : undefined;
    if (isClientNeed(need)) learned(upstream, tool, need);
  }
}

/**
 * `run`, telling `learned` what each `input_required` result of tool `tool` asks for: for
 * the calls whose results no bridge looks at (a modern caller of a modern upstream). Bridged
 * calls learn where `inputRounds` finds the interim result (`onInterim`), at no cost per call.
 */
export function learningNeeds(
  run: (params: JsonObject) => Observable<RequestEvent>,
  upstream: string,
  tool: string,
  learned: Learned,
): (params: JsonObject) => Observable<RequestEvent> {
  const learn = (event: RequestEvent): void => {
    const interim = event.kind === 'result' ? interimOf(event.result) : undefined;
    if (interim !== undefined) learnFromInterim(interim, upstream, tool, learned);
  };
  return (params) => run(params).pipe(tap(learn));
}
