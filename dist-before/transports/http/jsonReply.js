/** Sends `text` (JSON) with `status`; `sessionId`, when given, as `Mcp-Session-Id`. */
export function sendJson(res, status, text, sessionId) {
    const length = String(Buffer.byteLength(text));
    res.writeHead(status, sessionId === undefined
        ? ['content-type', 'application/json', 'content-length', length]
        : ['content-type', 'application/json', 'content-length', length, 'mcp-session-id', sessionId]);
    res.end(text);
}
//# sourceMappingURL=jsonReply.js.map