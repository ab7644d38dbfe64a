export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';
export const isMetaTool = (name) => name === SEARCH_TOOLS || name === CALL_TOOL;
const FOUND_TOOL = {
    type: 'object',
    properties: {
        name: { type: 'string', description: 'The name to give call_tool (or to call directly).' },
        description: { type: 'string' },
        inputSchema: { type: 'object', description: 'The JSON Schema of its arguments.' },
        upstream: { type: 'string', description: 'The server it belongs to.' },
    },
    required: ['name', 'inputSchema', 'upstream'],
};
/** `search_tools` and `call_tool` as `tools/list` shows them; `activate` only for a session. */
export function metaToolDefinitions(config, canActivate) {
    const properties = {
        query: {
            type: 'string',
            description: 'What you want to do, in plain words (e.g. "create a GitHub issue").',
        },
        limit: {
            type: 'integer',
            minimum: 1,
            maximum: config.maxResults,
            description: `How many tools to return (default and at most ${config.maxResults}).`,
        },
    };
    if (canActivate) {
        properties.activate = {
            type: 'boolean',
            description: 'Also add the tools found to your tool list, to call them directly.',
        };
    }
    return [
        {
            name: SEARCH_TOOLS,
            description: 'Search the available tools by what you want to do. Returns the best matching tools ' +
                'with their names, descriptions and input schemas; call one with call_tool.',
            inputSchema: { type: 'object', properties, required: ['query'] },
            outputSchema: {
                type: 'object',
                properties: { tools: { type: 'array', items: FOUND_TOOL } },
                required: ['tools'],
            },
            annotations: { title: 'Search tools', readOnlyHint: true, openWorldHint: false },
        },
        {
            name: CALL_TOOL,
            description: 'Call a tool found with search_tools: its name and its arguments (matching its ' +
                'input schema).',
            inputSchema: {
                type: 'object',
                properties: {
                    name: { type: 'string', description: 'The tool name search_tools returned.' },
                    arguments: { type: 'object', description: 'The arguments for that tool.' },
                },
                required: ['name'],
            },
            annotations: { title: 'Call a tool' },
        },
    ];
}
//# sourceMappingURL=metaTools.js.map