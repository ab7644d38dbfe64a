export function chooseSession(candidates, none) {
    const inflight = candidates.filter((c) => c.inflight > 0);
    if (inflight.length === 1) {
        const [only] = inflight;
        if (only.gap) {
            return {
                kind: 'none',
                code: only.gap.code,
                reason: `the session whose request is in flight cannot take it: ${only.gap.reason}`,
            };
        }
        return {
            kind: 'session',
            session: only.session,
            relatedRequestId: only.relatedRequestId,
            why: 'only-inflight',
        };
    }
    if (inflight.length > 1) {
        const best = latest(inflight.filter((c) => !c.gap), (c) => c.lastInflight);
        if (best) {
            return {
                kind: 'session',
                session: best.session,
                relatedRequestId: best.relatedRequestId,
                why: 'latest-inflight',
            };
        }
        return {
            kind: 'none',
            code: inflight[0]?.gap?.code ?? none,
            reason: `none of the ${inflight.length} sessions with requests in flight can take it (${inflight[0]?.gap?.reason ?? ''})`,
        };
    }
    const best = latest(candidates.filter((c) => !c.gap && c.lastActive >= 0), (c) => c.lastActive);
    if (best) {
        return {
            kind: 'session',
            session: best.session,
            relatedRequestId: undefined,
            why: 'latest-active',
        };
    }
    const gap = candidates.find((c) => c.gap)?.gap;
    return {
        kind: 'none',
        code: gap?.code ?? none,
        reason: gap
            ? `no active client session can take it (${gap.reason})`
            : 'no client session is active',
    };
}
function latest(items, moment) {
    let best;
    for (const item of items)
        if (best === undefined || moment(item) > moment(best))
            best = item;
    return best;
}
//# sourceMappingURL=chooseSession.js.map