/**
 * Requests routed by an exposed name (`tools/call`, `prompts/get`) or by a resource URI.
 *
 * The routes run when the connection calls its handler, which subscribes at once: they resolve
 * synchronously and throw their errors (the connection answers a throw as it answers an
 * error), with no `defer` layer on the hot path.
 */
import { from, map, mergeMap, type Observable, of } from 'rxjs';
import type { Resolved } from '../../core/catalog/index.js';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { type InboundEvent, type JsonObject, RawJson } from '../../core/rpc/index.js';
import { approveThen } from './approval.js';
import type { RouteHost } from './host.js';
import { RESULT_URI_PREFIX } from './resultStore.js';
import { readKeptResult } from './results.js';
import {
  type Caller,
  checkAccess,
  forwardTo,
  type Route,
  result,
  rewriteParams,
} from './shared.js';
import { exposeCreatedTask } from './tasks.js';
import { unknownName } from './unavailable.js';

export const byNameRoute =
  (kind: 'tools' | 'prompts', noun: string): Route =>
  (host, request, caller) => {
    const params = request.params ?? {};
    const name = params.name;
    if (typeof name !== 'string') {
      throw new RpcError(
        ErrorCode.InvalidParams,
        `${request.method}: params.name must be a string`,
      );
    }
    const resolved = host.catalog.resolve(kind, name);
    if (!resolved) throw unknownName(host, kind, noun, name, caller.profile);
    checkAccess(host, caller, resolved.upstream, kind, name);
    // Before anything is sent or asked: a refused call never reaches the upstream (rateLimiter.ts).
    // Cluster-wide buckets answer later (clusterRateLimiter.ts): the call waits for them.
    const limited =
      kind === 'tools' ? host.rateLimit?.(caller, resolved.upstream, name) : undefined;
    if (limited !== undefined) {
      return from(limited).pipe(
        mergeMap(() => approveOrSend(host, request.method, params, caller, resolved, kind)),
      );
    }
    return approveOrSend(host, request.method, params, caller, resolved, kind);
  };

/** Asks for approval where the config wants it (approval.ts), then forwards. */
function approveOrSend(
  host: RouteHost,
  method: string,
  params: JsonObject,
  caller: Caller,
  resolved: Resolved,
  kind: 'tools' | 'prompts',
): Observable<InboundEvent> {
  // Approval (approval.ts): one property read when the config asks for none.
  const approvals = kind === 'tools' ? host.approval : undefined;
  const name = params.name as string;
  if (approvals?.needs(resolved.upstream, resolved.original, name)) {
    const { upstream, original } = resolved;
    const call = { upstream, original, exposed: name, method, params };
    return approveThen(approvals, call, caller, (sent) =>
      sendNamed(host, method, sent, caller, resolved),
    );
  }
  return sendNamed(host, method, params, caller, resolved);
}

/** Forwards a call by name to the upstream that resolved it. */
function sendNamed(
  host: RouteHost,
  method: string,
  params: JsonObject,
  caller: Caller,
  resolved: Resolved,
): Observable<InboundEvent> {
  const forwarded = forwardTo(
    host,
    resolved.upstream,
    method,
    rewriteParams(params, 'name', resolved.original),
    caller,
  );
  // A task-augmented call answers a CreateTaskResult: its task id is exposed (tasks.ts).
  return typeof params.task === 'object' && params.task !== null
    ? forwarded.pipe(map(exposeCreatedTask(host, resolved.upstream, caller)))
    : forwarded;
}

export const byUriRoute: Route = (host, request, caller) => {
  const params = request.params ?? {};
  const uri = params.uri;
  if (typeof uri !== 'string') {
    throw new RpcError(ErrorCode.InvalidParams, `${request.method}: params.uri must be a string`);
  }
  // The router's own resources: whole results that `maxResultBytes` cut (results.ts).
  if (host.results !== undefined && uri.startsWith(RESULT_URI_PREFIX)) {
    return of(result(readKeptResult(host.results, uri, caller)));
  }
  const resolved = host.catalog.resolveUri(uri);
  if (!resolved) {
    throw new RpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  }
  checkAccess(host, caller, resolved.upstream, 'resources', uri);
  const forwarded = forwardTo(
    host,
    resolved.upstream,
    request.method,
    rewriteParams(params, 'uri', resolved.original),
    caller,
  );
  // A namespaced `ui://` URI (MCP Apps): the contents name the URI the client asked for.
  return resolved.original === uri
    ? forwarded
    : forwarded.pipe(map(exposeContents(resolved.original, uri)));
};

/** A read result whose `contents[].uri` equal to `original` now say `exposed`. */
const exposeContents =
  (original: string, exposed: string) =>
  (event: InboundEvent): InboundEvent => {
    if (event.kind !== 'result') return event;
    const given: unknown = event.result;
    const value = given instanceof RawJson ? given.value() : given;
    const contents = (value as JsonObject | null)?.contents;
    if (!Array.isArray(contents)) return event;
    const renamed = contents.map((item: unknown) =>
      typeof item === 'object' && item !== null && (item as JsonObject).uri === original
        ? { ...(item as JsonObject), uri: exposed }
        : item,
    );
    return { kind: 'result', result: { ...(value as JsonObject), contents: renamed } };
  };
