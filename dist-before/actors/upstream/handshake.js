/**
 * Finding out which era an upstream speaks, and starting to speak it (basic/versioning,
 * "Backward Compatibility with Initialization-Based Versions", 2026-07-28):
 *
 * - `protocol: "legacy"`: `initialize` (upstreamSession.ts `initializeUpstream`).
 * - `protocol: "2026-07-28"`: `server/discover`; the upstream must answer it.
 * - `protocol: "auto"` (default): probe with `server/discover` carrying the modern `_meta`.
 *   A `DiscoverResult` or a recognised modern error (-32020/-32021/-32022) means a modern
 *   server: mcp-mux stays modern, picking its version from `supportedVersions`/`supported`.
 *   Anything else (another error, an HTTP error without a modern body, no answer within the
 *   probe timeout) means a legacy server: `initialize`, offering the newest legacy version the
 *   server named if it named any. Over HTTP the probe is a modern POST (with `Mcp-Method`
 *   etc.); the HTTP+SSE fallback is left to the `initialize` POST (connectHttpUpstream.ts),
 *   never taken after a modern answer.
 *
 * The verdict is not cached across restarts: a restarted upstream may be a new (upgraded)
 * process, so every connection probes again (one round trip).
 */
import { lastValueFrom } from 'rxjs';
import { ErrorCode, LocalError, RpcError } from '../../core/errors/index.js';
import { classifyProbe, isLegacyVersion, META, MODERN_VERSION, modernHeaders, withModernMeta, } from '../../core/mcp/index.js';
/** The legacy handshake: `initialize`, check the answered version, `notifications/initialized`. */
export async function initializeUpstream(input) {
    const event = await lastValueFrom(input.connection.request$('initialize', {
        protocolVersion: input.protocolVersion,
        capabilities: input.capabilities,
        clientInfo: input.clientInfo,
    }, input.signal
        ? { timeout: input.timeoutMs, signal: input.signal }
        : { timeout: input.timeoutMs }));
    if (event.kind !== 'result')
        throw new Error('initialize ended without a result');
    const { result } = event;
    if (!isLegacyVersion(result.protocolVersion)) {
        throw new Error(`upstream answered initialize with unsupported protocol version ${JSON.stringify(result.protocolVersion)}`);
    }
    // HTTP transports send it as `MCP-Protocol-Version` from the next request on (spec).
    input.connection.setProtocolVersion(result.protocolVersion);
    input.connection.notify('notifications/initialized');
    const info = {
        era: 'legacy',
        protocolVersion: result.protocolVersion,
        capabilities: result.capabilities ?? {},
        serverInfo: result.serverInfo ?? {},
    };
    if (typeof result.instructions === 'string')
        info.instructions = result.instructions;
    return info;
}
/**
 * How long the `server/discover` probe may wait before the upstream is taken for legacy
 * (bounded by the initialize timeout; `initialize` then gets a full timeout of its own). Long
 * enough for a stdio server that is slow to start on a loaded machine (it answers in order, so
 * a late answer is still the probe's); a legacy server that ignores unknown requests costs this
 * much at each start, which `protocol: "legacy"` avoids.
 */
export const PROBE_TIMEOUT_MS = 10_000;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The answer to one `server/discover`, as `classifyProbe` reads it; throws when there is none. */
async function discover(input, version, timeout) {
    const params = withModernMeta({}, {
        protocolVersion: version,
        clientCapabilities: input.modernCapabilities,
        clientInfo: input.clientInfo,
    });
    try {
        const event = await lastValueFrom(input.connection.request$('server/discover', params, {
            timeout,
            headers: modernHeaders('server/discover', params, version),
            ...(input.signal ? { signal: input.signal } : {}),
        }));
        if (event.kind !== 'result')
            throw new Error('server/discover ended without a result');
        return { result: event.result };
    }
    catch (error) {
        // An invalid answer (a legacy server may answer an unknown method badly) is no modern
        // answer: read as an error, so that `auto` falls back to `initialize` at once.
        if (error instanceof LocalError && error.code === 'invalid-response') {
            return { error: { code: ErrorCode.InvalidResponse, message: error.message } };
        }
        // A JSON-RPC error from the upstream, or an HTTP failure answered locally (-32011).
        if (error instanceof RpcError) {
            return {
                error: {
                    code: error.code,
                    message: error.message,
                    ...(error.data === undefined ? {} : { data: error.data }),
                },
            };
        }
        throw error;
    }
}
/** The server as a `DiscoverResult` describes it. */
export function discoveredServer(version, result) {
    const meta = isObject(result._meta) ? result._meta : {};
    const serverInfo = meta[META.serverInfo];
    const info = {
        era: 'modern',
        protocolVersion: version,
        capabilities: isObject(result.capabilities) ? result.capabilities : {},
        serverInfo: isObject(serverInfo) ? serverInfo : {},
    };
    if (typeof result.instructions === 'string')
        info.instructions = result.instructions;
    return info;
}
/** A modern handshake that got a verdict but no `DiscoverResult` yet: ask once more. */
async function modernServer(input, verdict) {
    let result = verdict.result;
    if (!result) {
        const answer = await discover(input, verdict.version, input.timeoutMs);
        if (!('result' in answer)) {
            throw new Error(`server/discover with version ${verdict.version} answered ${answer.error.code} ${answer.error.message}`);
        }
        result = answer.result;
    }
    // HTTP transports send it as `MCP-Protocol-Version` on every later request.
    input.connection.setProtocolVersion(verdict.version);
    return discoveredServer(verdict.version, result);
}
/** Connects in the era `input.protocol` asks for (see the file comment). */
export async function handshake(input) {
    if (input.protocol === 'legacy') {
        return initializeUpstream({ ...input, connection: input.connection });
    }
    if (input.protocol === MODERN_VERSION) {
        const answer = await discover(input, MODERN_VERSION, input.timeoutMs);
        const verdict = classifyProbe(answer);
        if (verdict.era !== 'modern') {
            const why = 'result' in answer ? verdict.reason : `${answer.error.code} ${answer.error.message}`;
            throw new Error(`the upstream does not speak ${MODERN_VERSION} (server/discover: ${why})`);
        }
        return modernServer(input, verdict);
    }
    const probeTimeout = Math.min(input.probeTimeoutMs ?? PROBE_TIMEOUT_MS, input.timeoutMs);
    let verdict;
    try {
        verdict = classifyProbe(await discover(input, MODERN_VERSION, probeTimeout));
    }
    catch (error) {
        // No answer in time: a legacy server that ignores what it does not know (stdio).
        if (!(error instanceof LocalError) || error.code !== 'timeout')
            throw error;
        verdict = {
            era: 'legacy',
            reason: `server/discover was not answered within ${probeTimeout} ms`,
        };
        input.onSilentProbe?.(verdict.reason);
    }
    if (verdict.era === 'modern')
        return modernServer(input, verdict);
    if (verdict.era === 'none')
        throw new Error(verdict.reason);
    return initializeUpstream({
        ...input,
        ...(verdict.version === undefined ? {} : { protocolVersion: verdict.version }),
    });
}
/** The keepalive request of a modern upstream: `server/discover` with mcp-mux's own context. */
export function modernKeepalive(input, server) {
    const params = withModernMeta({}, {
        protocolVersion: server.protocolVersion,
        clientCapabilities: input.modernCapabilities ?? {},
        clientInfo: input.clientInfo,
    });
    return [
        'server/discover',
        params,
        modernHeaders('server/discover', params, server.protocolVersion),
    ];
}
//# sourceMappingURL=handshake.js.map