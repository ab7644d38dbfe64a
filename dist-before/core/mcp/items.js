/**
 * The MCP shapes a library user reads (`Router.tools()`, `callTool`): tools, prompts, resources
 * and a tool call's result, as clients see them through the facade (exposed names and URIs).
 * Types only: the router passes payloads through and never validates them (ARCHITECTURE.md
 * §4), so these describe what the spec promises, with unknown members kept as `unknown`.
 */
export {};
//# sourceMappingURL=items.js.map