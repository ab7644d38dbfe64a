/**
 * Keys that MCP clients write into their own `mcpServers` config (Claude Desktop, Cline,
 * Roo Code, Cursor, Windsurf, Claude Code, VS Code…) and mcp-mux has no use for. A config
 * copied from a client must load unchanged: these keys are ignored with one warning instead of
 * refusing the file. Any other unknown key is an error, with "did you mean" when a known key
 * is close (a likely typo).
 */
/** Per-server keys of client configs that mcp-mux ignores. */
export const CLIENT_SERVER_KEYS = new Set([
    'autoApprove',
    'alwaysAllow',
    'disabledTools',
    'timeout',
    'description',
    'icon',
    'trust',
    'includeTools',
    'excludeTools',
    'envFile',
    'networkTimeout',
    'transportType',
    'startup_timeout_ms',
    'tool_timeout_sec',
    'enabled_tools',
    'disabled_tools',
    'oauth',
]);
/** Top-level keys of client config files (beside `mcpServers`) that mcp-mux ignores. */
export const CLIENT_TOP_KEYS = new Set([
    'globalShortcut',
    'preferences',
    'isUsingBuiltInNodeForMcp',
    'inputs',
]);
/** Edit distance (insert, delete, substitute; case-insensitive), for "did you mean". */
function distance(a, b) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
    for (let i = 1; i <= x.length; i++) {
        const row = [i];
        for (let j = 1; j <= y.length; j++) {
            const cost = x[i - 1] === y[j - 1] ? 0 : 1;
            row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
        }
        previous = row;
    }
    return previous[y.length] ?? 0;
}
/** The known key closest to `key`, if it is close enough to be a likely typo. */
export function didYouMean(key, known) {
    let best;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const candidate of known) {
        const d = distance(key, candidate);
        if (d < bestDistance) {
            best = candidate;
            bestDistance = d;
        }
    }
    const limit = Math.max(1, Math.min(3, Math.floor(key.length / 3)));
    return bestDistance <= limit ? best : undefined;
}
//# sourceMappingURL=clientKeys.js.map