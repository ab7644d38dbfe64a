/**
 * `tools/list` and `tools/call` when `mcpMux.toolSearch` is on: the list holds the meta-tools
 * (`search_tools`, `call_tool`) and the session's activated tools instead of every tool, and
 * the meta-tools are answered here. `call_tool` re-enters the ordinary `tools/call` route with
 * the exposed name, so access, progress, cancellation and tasks apply unchanged. With search
 * off, both routes cost one property read more than the plain ones.
 */
import { defer, of } from 'rxjs';
import { toolIndexOf } from '../../core/catalog/index.js';
import { RawJson, } from '../../core/rpc/index.js';
import { listRoute, pageOf, visibleItems } from './lists.js';
import { CALL_TOOL, isMetaTool, metaToolDefinitions, SEARCH_TOOLS } from './metaTools.js';
import { byNameRoute } from './named.js';
import { result } from './shared.js';
const plainList = listRoute('tools', 'tools');
const directCall = byNameRoute('tools', 'tool');
/** The caller's tool search: its profile's, else `mcpMux.toolSearch` (one read without profile). */
const searchOf = (host, caller) => caller.profile === undefined ? host.toolSearch : host.profileToolSearch?.(caller.profile);
export const toolsListRoute = (host, request, caller) => {
    const search = searchOf(host, caller);
    if (search === undefined)
        return plainList(host, request, caller);
    return defer(() => {
        const items = visibleItems(host, caller, 'tools').filter((tool) => !isMetaTool(tool.name));
        if (search.mode === 'auto' && items.length <= search.threshold) {
            return of(pageOf(host, request, caller, 'tools', 'tools', items));
        }
        const view = [
            ...metaToolDefinitions(search, canActivate(host, search, caller)),
            ...activatedTools(host, caller),
        ];
        // One page: the view is small, and activations change it without a catalog version.
        const pageSize = Math.max(host.pageSize, view.length);
        return of(pageOf(host, request, caller, 'tools', 'tools', view, pageSize));
    });
};
export const toolsCallRoute = (host, request, caller) => {
    const search = searchOf(host, caller);
    if (search !== undefined) {
        const name = request.params?.name;
        if (name === SEARCH_TOOLS)
            return defer(() => of(searchTools(host, search, request, caller)));
        if (name === CALL_TOOL)
            return callTool(host, request, caller);
    }
    return directCall(host, request, caller);
};
const canActivate = (host, search, caller) => caller.session !== undefined && host.activations !== undefined && search.maxActivated > 0;
/** The session's activated tools that still exist and that it may still use, in order. */
function activatedTools(host, caller) {
    const session = caller.session;
    if (!session || !host.activations)
        return [];
    const index = toolIndexOf(host.catalog);
    const out = [];
    for (const name of host.activations.of(session)) {
        const found = index.get(name);
        if (found && allowed(host, caller, found))
            out.push(found.tool);
    }
    return out;
}
function allowed(host, caller, tool) {
    return !host.allows || host.allows(caller, tool.upstream, 'tools', tool.exposed);
}
/** A meta-tool's arguments as a value (routed payloads arrive raw: core/rpc/envelopeScan.ts). */
function argumentsOf(request) {
    const given = request.params?.arguments;
    const args = given instanceof RawJson ? given.value() : given;
    return args !== null && typeof args === 'object' && !Array.isArray(args)
        ? args
        : {};
}
/** A tool-level error (`isError`): the model reads it and can correct its call. */
const toolError = (text) => result({ content: [{ type: 'text', text }], isError: true });
function searchTools(host, search, request, caller) {
    const args = argumentsOf(request);
    const query = args.query;
    if (typeof query !== 'string' || query.trim() === '') {
        return toolError('search_tools: "query" must be a non-empty string');
    }
    const limit = Number.isInteger(args.limit) && args.limit >= 1
        ? Math.min(args.limit, search.maxResults)
        : search.maxResults;
    const hits = toolIndexOf(host.catalog).search(query, {
        limit,
        accept: (tool) => !isMetaTool(tool.exposed) && allowed(host, caller, tool),
    });
    const tools = hits.map(({ exposed, upstream, tool }) => {
        const found = { name: exposed };
        if (typeof tool.description === 'string')
            found.description = tool.description;
        found.inputSchema = tool.inputSchema ?? { type: 'object' };
        found.upstream = upstream;
        return found;
    });
    const structured = { tools };
    const session = caller.session;
    if (args.activate === true && session && host.activations && canActivate(host, search, caller)) {
        const names = tools.map((tool) => tool.name);
        if (host.activations.add(session, names, search.maxActivated)) {
            session.notifyIfReady('notifications/tools/list_changed');
        }
        structured.activated = names.slice(-search.maxActivated);
    }
    return result({
        content: [{ type: 'text', text: JSON.stringify(structured) }],
        structuredContent: structured,
    });
}
/** `call_tool`: the ordinary `tools/call` of the named tool, with this request's `_meta`/`task`. */
function callTool(host, request, caller) {
    const args = argumentsOf(request);
    const name = args.name;
    if (typeof name !== 'string' || name === '' || isMetaTool(name)) {
        return of(toolError('call_tool: "name" must be the name of a tool search_tools returned'));
    }
    const inner = args.arguments;
    const params = { ...request.params, name, arguments: inner ?? {} };
    return directCall(host, { ...request, params }, caller);
}
//# sourceMappingURL=toolSearch.js.map