/**
 * What changes about a request when its upstream is modern (2026-07-28), for `Upstream`:
 * the request going out (the caller's context in `_meta`, the request-metadata headers) and
 * the tools list (`x-mcp-header` annotations recorded, invalid ones left out over Streamable
 * HTTP). Results pass as they come: `input_required` goes to a modern caller untouched, and
 * for a legacy session the bridge turns it into requests (actors/bridge/inputRounds.ts); the
 * upstream's serverInfo leaves every era's results in upstreamCall.ts. Decisions:
 * actors/upstream/README.md, "Upstream era".
 */
import type { Logger } from '../../core/log/index.js';
import type { ClientInfo, RequestContext } from '../../core/mcp/index.js';
import {
  modernHeaders,
  type ParamHeader,
  paramHeadersOf,
  paramHeaderValues,
  withModernMeta,
} from '../../core/mcp/index.js';
import type { JsonObject, RequestOptions } from '../../core/rpc/index.js';

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
   * (the caller's own capabilities, modern or legacy, so an `input_required` result asks only
   * for what the caller, or the bridge on behalf of a legacy session, can answer; mcp-mux's
   * own, `{}`, for its own requests) and the request-metadata headers (`Mcp-Param-*` from the
   * tool's annotations).
   */
  request(
    version: string,
    method: string,
    params: JsonObject,
    options: RequestOptions & { context?: RequestContext | undefined },
  ): [JsonObject, RequestOptions] {
    const { context, ...rest } = options;
    const sent = withModernMeta(params, {
      protocolVersion: version,
      clientCapabilities: context?.clientCapabilities ?? this.#options.capabilities,
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
