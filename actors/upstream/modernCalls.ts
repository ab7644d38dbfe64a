/**
 * What changes about a request when its upstream is modern (2026-07-28), for `Upstream`:
 * the request going out (the caller's context in `_meta`, the request-metadata headers), the
 * result coming back (the upstream's serverInfo dropped, an `input_required` that its caller
 * cannot answer turned into a clear error), and the tools list (`x-mcp-header` annotations
 * recorded, invalid ones left out over Streamable HTTP). Decisions: actors/README.md,
 * "Upstream era".
 */
import type { Logger } from '../../core/log.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/context.js';
import {
  type ParamHeader,
  paramHeadersOf,
  paramHeaderValues,
} from '../../core/mcp/mcpParamHeaders.js';
import { modernHeaders, withModernMeta } from '../../core/mcp/modernClient.js';
import { META } from '../../core/mcp/modernRequest.js';
import type { RequestEvent, RequestOptions } from '../../core/rpc/connection.js';
import { ErrorCode, RpcError } from '../../core/rpc/errors.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';

export interface ModernCallsOptions {
  /** The upstream's name (messages). */
  name: string;
  /** mcp-mux's own client info (requests of no caller, callers without one). */
  clientInfo: ClientInfo;
  /** What mcp-mux declares for legacy callers and its own requests. */
  capabilities: JsonObject;
  /** Streamable HTTP: tools with invalid `x-mcp-header` annotations are left out. */
  http: boolean;
  log: Logger;
}

export class ModernCalls {
  readonly #options: ModernCallsOptions;
  /** The `x-mcp-header` annotations of each tool (its upstream name). */
  readonly #paramHeaders = new Map<string, ParamHeader[]>();

  constructor(options: ModernCallsOptions) {
    this.#options = options;
  }

  /**
   * A request as the upstream (speaking `version`) gets it: the caller's context in `_meta`
   * (a modern caller's own capabilities, so an `input_required` result it gets is one it can
   * answer; mcp-mux's own, `{}`, for legacy callers and its own requests until the bridging
   * work) and the request-metadata headers (`Mcp-Param-*` from the tool's annotations).
   */
  request(
    version: string,
    method: string,
    params: JsonObject,
    options: RequestOptions & { context?: RequestContext | undefined },
  ): [JsonObject, RequestOptions] {
    const { context, ...rest } = options;
    const modernCaller = context !== undefined && context.protocolVersion === version;
    const sent = withModernMeta(params, {
      protocolVersion: version,
      clientCapabilities: modernCaller ? context.clientCapabilities : this.#options.capabilities,
      clientInfo: context?.clientInfo ?? this.#options.clientInfo,
      logLevel: context?.logLevel,
    });
    const annotated =
      method === 'tools/call' && typeof params.name === 'string'
        ? this.#paramHeaders.get(params.name)
        : undefined;
    const paramHeaders = annotated ? paramHeaderValues(annotated, params.arguments) : undefined;
    return [sent, { ...rest, headers: modernHeaders(method, sent, version, paramHeaders) }];
  }

  /**
   * An event from the upstream as the caller gets it: a result without the upstream's
   * `io.modelcontextprotocol/serverInfo` (the server a client talks to is mcp-mux), or an
   * error for an `input_required` result its caller cannot answer (a legacy client, or
   * mcp-mux itself): a clear -32603 instead of a result its schema does not know.
   */
  event(
    version: string,
    method: string,
    event: RequestEvent,
    context: RequestContext | undefined,
  ): RequestEvent | RpcError {
    if (event.kind !== 'result') return event;
    const { result } = event;
    if (result.resultType === 'input_required' && context?.protocolVersion !== version) {
      const requests = result.inputRequests;
      const asked =
        typeof requests === 'object' && requests !== null
          ? Object.values(requests as JsonObject).map((r) => String((r as JsonObject)?.method))
          : [];
      const { name } = this.#options;
      return new RpcError(
        ErrorCode.InternalError,
        `Upstream "${name}" needs input from the client for ${method} (${asked.join(', ') || 'input_required'}), which mcp-mux cannot relay to a client of protocol ${context?.protocolVersion ?? 'none'} yet`,
        { upstream: name, resultType: 'input_required', inputRequests: asked },
      );
    }
    const meta = result._meta;
    if (typeof meta !== 'object' || meta === null || !(META.serverInfo in meta)) return event;
    const { [META.serverInfo]: _, ...rest } = meta as JsonObject;
    const out: JsonObject = { ...result };
    if (Object.keys(rest).length > 0) out._meta = rest;
    else delete out._meta;
    return { kind: 'result', result: out };
  }

  /**
   * Records each tool's `x-mcp-header` annotations; over Streamable HTTP a tool whose
   * annotations break the rules is left out, with a warning (streamable-http "Schema
   * Extension": the client MUST exclude it).
   */
  tools(tools: JsonObject[]): JsonObject[] {
    this.#paramHeaders.clear();
    const { http, log, name: upstream } = this.#options;
    return tools.filter((tool) => {
      const name = tool.name;
      const headers = paramHeadersOf(tool.inputSchema);
      if (!headers.ok) {
        if (!http) return true;
        log.warn(`upstream ${upstream}: tool ${JSON.stringify(name)} left out: ${headers.reason}`);
        return false;
      }
      if (typeof name === 'string' && headers.headers.length > 0) {
        this.#paramHeaders.set(name, headers.headers);
      }
      return true;
    });
  }
}
