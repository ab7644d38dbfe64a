import { modernHeaders, paramHeadersOf, paramHeaderValues, withModernMeta, } from '../../core/mcp/index.js';
export class ModernCalls {
    #options;
    /** The `x-mcp-header` annotations of each tool (its upstream name). */
    #paramHeaders = new Map();
    constructor(options) {
        this.#options = options;
    }
    /**
     * A request as the upstream (speaking `version`) gets it: the caller's context in `_meta`
     * (the caller's own capabilities, modern or legacy, so an `input_required` result asks only
     * for what the caller, or the bridge on behalf of a legacy session, can answer; mcp-mux's
     * own, `{}`, for its own requests) and the request-metadata headers (`Mcp-Param-*` from the
     * tool's annotations).
     */
    request(version, method, params, options) {
        const { context, ...rest } = options;
        const sent = withModernMeta(params, {
            protocolVersion: version,
            clientCapabilities: context?.clientCapabilities ?? this.#options.capabilities,
            clientInfo: context?.clientInfo ?? this.#options.clientInfo,
            logLevel: context?.logLevel,
        });
        const annotated = method === 'tools/call' && typeof params.name === 'string'
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
    tools(tools) {
        this.#paramHeaders.clear();
        const { http, log, name: upstream } = this.#options;
        return tools.filter((tool) => {
            const name = tool.name;
            const headers = paramHeadersOf(tool.inputSchema);
            if (!headers.ok) {
                if (!http)
                    return true;
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
//# sourceMappingURL=modernCalls.js.map