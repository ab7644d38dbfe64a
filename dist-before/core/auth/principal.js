/**
 * Whether two principals hold the same rights: the same id, client id and set of scopes
 * (in any order): everything the access policy reads. A session is used only with tokens of
 * the rights of the one that opened it (transports/http/README.md, "Sessions belong to their
 * principal").
 */
export function sameRights(a, b) {
    if (a === undefined || b === undefined)
        return a === b;
    if (a.id !== b.id || a.clientId !== b.clientId || a.tokenName !== b.tokenName)
        return false;
    const mine = new Set(a.scopes);
    const theirs = new Set(b.scopes);
    return mine.size === theirs.size && [...mine].every((scope) => theirs.has(scope));
}
//# sourceMappingURL=principal.js.map