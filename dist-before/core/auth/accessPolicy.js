/**
 * Per-principal access to upstreams: `mcpMux.access` rules compiled into
 * one question, "may this principal use this item of this upstream?". Pure, so routes ask it
 * for every listed item and every routed call.
 *
 * Semantics (core/auth/README.md): a principal matches a rule when any of the rule's
 * patterns matches it (`token:NAME`, `sub:SUBJECT`, `scope:SCOPE`, `client:ID`, `*`; the
 * value part is a glob). An item is allowed when some matching rule allows its upstream
 * (`upstreams` globs, absent = all) and, for tools, its exposed name (`tools` globs, absent =
 * all). No rules configured: everything is allowed. Rules configured and no principal (an
 * unauthenticated listener, stdio): only `*` rules apply. Deny by default otherwise.
 *
 * `mayReceive` is the same question for what an upstream sends on its own (log messages,
 * resource updates, list changes, task status, server-to-client requests): a principal
 * receives an upstream's traffic when some matching rule allows that upstream, whatever its
 * `tools` globs say (they filter callable tools, not the upstream).
 */
import picomatch from 'picomatch';
export const allowAll = { allows: () => true, mayReceive: () => true };
/** Globs of names (absent or empty: every name); shared with the rate limits. */
export const globMatcher = (patterns) => patterns === undefined || patterns.length === 0
    ? () => true
    : picomatch(patterns, { dot: true, windows: false });
/** One principal pattern of `mcpMux.access` (also read by `mcpMux.rateLimits`). */
export function principalMatcher(pattern) {
    if (pattern === '*')
        return () => true;
    const colon = pattern.indexOf(':');
    const kind = pattern.slice(0, colon);
    const match = picomatch(pattern.slice(colon + 1), { dot: true, windows: false });
    switch (kind) {
        case 'token':
            return (p) => p?.tokenName !== undefined && match(p.tokenName);
        case 'sub':
            return (p) => p?.subject !== undefined && match(p.subject);
        case 'client':
            return (p) => p?.clientId !== undefined && match(p.clientId);
        case 'scope':
            return (p) => p?.scopes.some((s) => match(s)) ?? false;
        default:
            return () => false;
    }
}
export function compileAccess(rules) {
    if (rules === undefined)
        return allowAll;
    const compiled = rules.map((rule) => ({
        principals: rule.principals.map(principalMatcher),
        upstream: globMatcher(rule.upstreams),
        tool: globMatcher(rule.tools),
    }));
    return {
        allows(principal, upstream, kind, exposed) {
            return compiled.some((rule) => rule.principals.some((m) => m(principal)) &&
                rule.upstream(upstream) &&
                (kind !== 'tools' || rule.tool(exposed)));
        },
        mayReceive(principal, upstream) {
            return compiled.some((rule) => rule.principals.some((m) => m(principal)) && rule.upstream(upstream));
        },
    };
}
//# sourceMappingURL=accessPolicy.js.map