/**
 * Modern (2026-07-28) callers with a request in flight, per upstream: they have no session,
 * so a server-to-client request (sampling, elicitation, roots) from a legacy upstream can
 * never be sent to them. When no legacy session can take such a request, it is attributed to
 * the modern caller whose request toward that upstream started last (the rule chooseSession
 * applies to sessions; in shared mode it is a best guess, as there). If that caller did not
 * declare the capability, its request fails with -32021 MissingRequiredClientCapability
 * (basic/index: a server MUST NOT rely on undeclared capabilities) and the upstream request
 * is cancelled; if it did, the request needs the MRTR bridge (`input_required`), which is
 * not built yet, and the upstream just gets the routing error.
 */
import { Observable } from 'rxjs';
import { capabilityGap, SERVER_REQUEST_CAPABILITY } from '../../core/mcp/clientCapabilities.js';
import { missingRequiredClientCapability } from '../../core/mcp/modernRequest.js';
import type { RequestEvent } from '../../core/rpc/connection.js';
import type { JsonObject, JsonRpcRequest } from '../../core/rpc/jsonrpc.js';
import type { Caller } from '../downstream/host.js';

interface InFlight {
  caller: Caller;
  fail: (error: Error) => void;
}

export class ModernCallers {
  /** Per upstream, in start order (the last is the most recent). */
  readonly #inFlight = new Map<string, InFlight[]>();

  /** Wraps a modern caller's routed request so a server-to-client request can fail it. */
  track(upstream: string, caller: Caller, source: Observable<RequestEvent>) {
    return new Observable<RequestEvent>((subscriber) => {
      const entry: InFlight = { caller, fail: (error) => subscriber.error(error) };
      const list = this.#inFlight.get(upstream) ?? [];
      list.push(entry);
      this.#inFlight.set(upstream, list);
      const subscription = source.subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        const rest = (this.#inFlight.get(upstream) ?? []).filter((e) => e !== entry);
        if (rest.length > 0) this.#inFlight.set(upstream, rest);
        else this.#inFlight.delete(upstream);
      };
    });
  }

  /** Modern callers with a request in flight to `upstream` (log routing: router/logLevels.ts). */
  count(upstream: string): number {
    return this.#inFlight.get(upstream)?.length ?? 0;
  }

  /**
   * A server-to-client request from `upstream` that no legacy session could take: fails the
   * most recent modern caller there with -32021 when it lacks the capability. True if one was
   * failed.
   */
  refuse(upstream: string, request: JsonRpcRequest): boolean {
    const entry = this.#inFlight.get(upstream)?.at(-1);
    const capability = SERVER_REQUEST_CAPABILITY[request.method];
    if (!entry || capability === undefined) return false;
    const { context } = entry.caller;
    const gap = capabilityGap(
      request.method,
      request.params,
      context.clientCapabilities,
      context.protocolVersion,
    );
    if (!gap) return false;
    const required: JsonObject = { [capability]: {} };
    entry.fail(
      missingRequiredClientCapability(
        required,
        `the upstream "${upstream}" sent ${request.method}, which needs the client's "${capability}" capability`,
      ),
    );
    return true;
  }
}
