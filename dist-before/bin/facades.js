/**
 * The network facades of the CLI: listeners given as `--http`, `--http-json` and `--ws`
 * `HOST:PORT` flags, each accepted client session attached to the router. Decisions:
 * bin/README.md.
 */
import { ROUTED_RAW_MIN_CHARS } from '../core/rpc/index.js';
import { createHttpFacade, SseSession } from '../transports/http/index.js';
import { createWebSocketFacade } from '../transports/websocket/index.js';
/** A command-line mistake: the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
    name = 'UsageError';
}
export const DEFAULT_HOST = '127.0.0.1';
/**
 * `HOST:PORT`, `:PORT` or `PORT` (host 127.0.0.1), `[v6]:PORT`. Port 0 picks a free port.
 * @throws UsageError
 */
export function parseListen(kind, value) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]*)):(\d+)$|^(\d+)$/.exec(value.trim());
    const host = match?.[1] ?? match?.[2] ?? '';
    const port = Number(match?.[3] ?? match?.[4]);
    if (!match || !Number.isInteger(port) || port < 0 || port > 65_535) {
        throw new UsageError(`--${kind} expects HOST:PORT (e.g. 127.0.0.1:8080), got "${value}"`);
    }
    return { kind, host: host === '' ? DEFAULT_HOST : host, port };
}
/**
 * Bearer tokens from the environment variable `name`: comma-separated, blanks ignored.
 * `required` (the variable was named explicitly): unset or empty is an error, so a typo
 * never leaves a listener open without authentication.
 * @throws UsageError
 */
export function readTokens(env, name, required) {
    const tokens = (env[name] ?? '')
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token !== '');
    if (required && tokens.length === 0) {
        throw new UsageError(`--token-env ${name}: the environment variable is unset or empty`);
    }
    return tokens;
}
const isLoopback = (host) => host === 'localhost' || host === '::1' || /^127\./.test(host);
/** Opens every listener (all or none: a failure closes the ones already open). */
export async function startFacades(router, specs, options) {
    const { log, traffic } = options;
    const servers = [];
    const endpoints = [];
    const auth = options.auth;
    const protection = {
        bearerTokens: options.bearerTokens,
        ...(auth === undefined
            ? {}
            : {
                namedTokens: auth.tokens,
                ...(auth.jwt === undefined ? {} : { jwt: auth.jwt }),
                ...(auth.resource === undefined ? {} : { resource: auth.resource }),
                ...(auth.authorizationServers === undefined
                    ? {}
                    : { authorizationServers: auth.authorizationServers }),
                ...(auth.scopesSupported === undefined ? {} : { scopesSupported: auth.scopesSupported }),
                ...(auth.requiredScopes === undefined ? {} : { requiredScopes: auth.requiredScopes }),
            }),
        allowedHosts: options.allowedHosts,
        allowedOrigins: options.allowedOrigins,
        dnsRebindingProtection: options.dnsRebindingProtection,
        ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
        ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
        ...(options.maxJsonDepth === undefined ? {} : { maxJsonDepth: options.maxJsonDepth }),
        // The router never reads a forwarded payload (core/rpc/envelopeScan.ts).
        rawMinChars: ROUTED_RAW_MIN_CHARS,
        ...(options.maxSessionsPerPrincipal === undefined
            ? {}
            : { maxSessionsPerPrincipal: options.maxSessionsPerPrincipal }),
    };
    // A client that stops reading is disconnected past `mcpMux.maxSessionBufferBytes`.
    const maxBufferedBytes = router.config.maxSessionBufferBytes;
    const sessionBuffer = maxBufferedBytes === undefined ? {} : { maxBufferedBytes };
    try {
        for (const spec of specs) {
            const listen = {
                host: spec.host,
                port: spec.port,
                ...protection,
                ...sessionBuffer,
                // `/mcp/<name>` for every profile of the config in force (a reload may change them).
                hasProfile: (name) => Object.hasOwn(router.config.profiles ?? {}, name),
            };
            if (spec.kind === 'ws') {
                const facade = await createWebSocketFacade({
                    ...listen,
                    ...(traffic ? { onSocket: (socket) => traffic('ws').add(socket) } : {}),
                    log: log.child('ws'),
                });
                servers.push({ server: facade, kind: spec.kind });
                endpoints.push({ kind: 'ws', url: facade.url });
            }
            else {
                const facade = await createHttpFacade({
                    ...listen,
                    preferJson: spec.kind === 'http-json',
                    ...(options.observe ? { observe: options.observe } : {}),
                    ...(traffic ? { onSocket: (socket) => traffic(spec.kind).add(socket) } : {}),
                    log: log.child(spec.kind),
                });
                servers.push({ server: facade, kind: spec.kind });
                const base = facade.url.slice(0, -'/mcp'.length);
                endpoints.push({ kind: spec.kind, url: facade.url }, { kind: 'sse', url: `${base}/sse` });
            }
            const authenticated = options.bearerTokens.length > 0 ||
                Object.keys(auth?.tokens ?? {}).length > 0 ||
                auth?.jwt !== undefined;
            if (!isLoopback(spec.host) && !authenticated) {
                log.warn(`${spec.kind} listener on ${spec.host} is reachable from the network without a bearer token (set MCP_MUX_TOKENS)`);
            }
        }
    }
    catch (error) {
        await Promise.allSettled(servers.map(({ server }) => server.close()));
        throw error;
    }
    // Sessions are labelled by transport in the metrics: legacy SSE apart from Streamable HTTP.
    const subscriptions = servers.map(({ server, kind }) => server.connections$.subscribe((transport) => router.connect(transport, transport instanceof SseSession ? 'sse' : kind)));
    for (const endpoint of endpoints)
        log.info(`listening: ${endpoint.kind} ${endpoint.url}`);
    return {
        endpoints,
        async close() {
            for (const subscription of subscriptions)
                subscription.unsubscribe();
            await Promise.allSettled(servers.map(({ server }) => server.close()));
        },
    };
}
//# sourceMappingURL=facades.js.map