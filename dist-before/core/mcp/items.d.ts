/**
 * The MCP shapes a library user reads (`Router.tools()`, `callTool`): tools, prompts, resources
 * and a tool call's result, as clients see them through the facade (exposed names and URIs).
 * Types only: the router passes payloads through and never validates them (ARCHITECTURE.md
 * §4), so these describe what the spec promises, with unknown members kept as `unknown`.
 */
/** A JSON Schema object (a tool's `inputSchema` / `outputSchema`). */
export interface JsonSchemaObject {
    readonly type: 'object';
    readonly properties?: {
        readonly [key: string]: unknown;
    };
    readonly required?: readonly string[];
    readonly [key: string]: unknown;
}
export interface ToolAnnotations {
    readonly title?: string;
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
    readonly [key: string]: unknown;
}
/** A tool as `tools/list` shows it (its `name` is the exposed, namespaced one). */
export interface Tool {
    readonly name: string;
    readonly title?: string;
    readonly description?: string;
    readonly inputSchema: JsonSchemaObject;
    readonly outputSchema?: JsonSchemaObject;
    readonly annotations?: ToolAnnotations;
    readonly _meta?: {
        readonly [key: string]: unknown;
    };
    readonly [key: string]: unknown;
}
export interface PromptArgument {
    readonly name: string;
    readonly description?: string;
    readonly required?: boolean;
}
/** A prompt as `prompts/list` shows it. */
export interface Prompt {
    readonly name: string;
    readonly title?: string;
    readonly description?: string;
    readonly arguments?: readonly PromptArgument[];
    readonly _meta?: {
        readonly [key: string]: unknown;
    };
    readonly [key: string]: unknown;
}
/** A resource as `resources/list` shows it (its `uri` reads back through the router). */
export interface Resource {
    readonly uri: string;
    readonly name: string;
    readonly title?: string;
    readonly description?: string;
    readonly mimeType?: string;
    readonly size?: number;
    readonly _meta?: {
        readonly [key: string]: unknown;
    };
    readonly [key: string]: unknown;
}
/** One block of a tool result (`text`, `image`, `audio`, `resource_link`, `resource`). */
export interface ContentBlock {
    readonly type: string;
    readonly text?: string;
    readonly data?: string;
    readonly mimeType?: string;
    readonly [key: string]: unknown;
}
/** What `tools/call` answers. A tool's own failure is `isError: true`, not a thrown error. */
export interface CallToolResult {
    readonly content: readonly ContentBlock[];
    readonly structuredContent?: {
        readonly [key: string]: unknown;
    };
    readonly isError?: boolean;
    readonly _meta?: {
        readonly [key: string]: unknown;
    };
    readonly [key: string]: unknown;
}
/** A `notifications/progress` of a call, without its token. */
export interface Progress {
    readonly progress: number;
    readonly total?: number;
    readonly message?: string;
}
