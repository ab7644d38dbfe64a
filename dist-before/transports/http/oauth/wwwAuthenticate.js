const PARAM = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
/** The Bearer challenge's parameters, or undefined when the header has no Bearer challenge. */
export function parseBearerChallenge(header) {
    if (header === undefined)
        return undefined;
    // `DPoP` challenges (RFC 9449 §7.1) carry the same parameters.
    const start = /(?:^|,)\s*(?:Bearer|DPoP)(?=\s|,|$)/i.exec(header);
    if (!start)
        return undefined;
    // Parameters of a later scheme (rare) would be read too; only the three names below count.
    const params = header.slice(start.index + start[0].length);
    const challenge = {};
    for (const match of params.matchAll(PARAM)) {
        const value = match[2] === undefined ? (match[3] ?? '') : match[2].replace(/\\(.)/g, '$1');
        const name = match[1]?.toLowerCase();
        if (name === 'resource_metadata')
            challenge.resourceMetadata = value;
        else if (name === 'scope')
            challenge.scope = value;
        else if (name === 'error')
            challenge.error = value;
    }
    return challenge;
}
//# sourceMappingURL=wwwAuthenticate.js.map