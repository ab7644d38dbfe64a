export function principalOfClaims(claims) {
    const clientId = typeof claims.client_id === 'string' && claims.client_id !== ''
        ? claims.client_id
        : typeof claims.azp === 'string' && claims.azp !== ''
            ? claims.azp
            : undefined;
    const subject = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
    const scopes = scopesOf(claims);
    const issuer = claims.iss ?? '';
    if (subject !== undefined) {
        return {
            id: `jwt:${issuer}#${subject}`,
            subject,
            ...(clientId === undefined ? {} : { clientId }),
            scopes,
        };
    }
    if (clientId === undefined)
        return undefined;
    return { id: `jwt-client:${issuer}#${clientId}`, clientId, scopes };
}
/** Granted scopes: the space-separated `scope` claim (RFC 9068), else an `scp` array. */
export function scopesOf(claims) {
    if (typeof claims.scope === 'string')
        return claims.scope.split(' ').filter(Boolean);
    if (Array.isArray(claims.scp))
        return claims.scp.filter((s) => typeof s === 'string');
    return [];
}
//# sourceMappingURL=jwtPrincipal.js.map