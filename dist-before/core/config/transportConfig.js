/**
 * The transport of one server entry: `transport` or its alias `type`, `command` vs `url`, and
 * the URL's scheme. Split from config.ts (core/config/README.md).
 */
import { child, oneOf } from './configSchema.js';
/** `transport` values, and the `type` alias some clients write (`http` = Streamable HTTP). */
const TRANSPORT_NAMES = ['stdio', 'streamable-http', 'http', 'sse', 'ws'];
/**
 * The transport of a server: `transport` or its alias `type` (they must agree), checked against
 * `command` / `url` (exactly one), or inferred: `command` → stdio, `ws(s)://` → ws, other URLs →
 * streamable-http. `undefined` when it cannot be decided (an issue is recorded).
 */
export function parseTransport(raw, path, issues) {
    const at = (key) => child(path, key);
    const normalize = (key) => {
        if (raw[key] === undefined)
            return undefined;
        const named = oneOf(raw[key], at(key), issues, TRANSPORT_NAMES);
        return named === 'http' ? 'streamable-http' : named;
    };
    const transport = normalize('transport');
    const type = normalize('type');
    if (transport && type && transport !== type) {
        issues.add(at('type'), `conflicts with "transport" (${type} vs ${transport})`);
        return undefined;
    }
    const hasCommand = raw.command !== undefined;
    const hasUrl = raw.url !== undefined;
    if (hasCommand && hasUrl)
        return issues.add(path, 'give exactly one of "command" or "url", not both');
    if (!hasCommand && !hasUrl)
        return issues.add(path, 'missing "command" or "url" (exactly one is required)');
    const explicit = transport ?? type;
    const key = transport ? 'transport' : 'type';
    if (explicit === 'stdio' && hasUrl)
        return issues.add(at(key), 'stdio needs "command", not "url"');
    if (explicit && explicit !== 'stdio' && hasCommand) {
        return issues.add(at(key), `${explicit} needs "url", not "command"`);
    }
    if (explicit)
        return explicit;
    if (hasCommand)
        return 'stdio';
    return typeof raw.url === 'string' && /^wss?:/i.test(raw.url) ? 'ws' : 'streamable-http';
}
export function checkUrl(url, transport, path, issues) {
    let protocol;
    try {
        protocol = new URL(url).protocol;
    }
    catch {
        issues.add(path, `expected an absolute URL, got ${JSON.stringify(url)}`);
        return false;
    }
    const schemes = transport === 'ws' ? ['ws:', 'wss:'] : ['http:', 'https:'];
    if (schemes.includes(protocol))
        return true;
    issues.add(path, `transport ${transport} needs a ${schemes.map((s) => `${s}//`).join(' or ')} URL, got ${protocol}//`);
    return false;
}
//# sourceMappingURL=transportConfig.js.map