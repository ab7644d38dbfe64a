import { ROUTED_RAW_MIN_CHARS } from '../core/rpc/index.js';
import { connectHttpUpstream, SseClientTransport } from './http/index.js';
import { oauthClientFor } from './http/oauth/index.js';
import { StdioClientTransport } from './stdioClient.js';
import { WebSocketClientTransport } from './websocket/index.js';
export async function openUpstreamTransport(config, options) {
    const log = options.log.child(`upstream ${config.name}`);
    const transport = create(config, log);
    const { signal } = options;
    if (signal?.aborted) {
        await transport.close();
        throw new Error(`upstream ${config.name}: opening was aborted`);
    }
    signal?.addEventListener('abort', () => void transport.close(), { once: true });
    // Connecting first makes a refused connection a clear "connect failed" instead of a closed
    // transport under `initialize`. Streamable HTTP has nothing to do before its first POST.
    await transport.start?.();
    return transport;
}
function create(config, log) {
    if (config.transport === 'stdio') {
        if (config.command === undefined)
            throw new Error(`upstream ${config.name} has no command`);
        return new StdioClientTransport({
            command: config.command,
            args: config.args,
            env: config.env,
            inheritEnv: config.inheritEnv,
            ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
            ...(config.shutdownGraceMs === undefined
                ? {}
                : { stdinCloseGraceMs: config.shutdownGraceMs }),
            name: config.name,
            rawMinChars: ROUTED_RAW_MIN_CHARS,
            log,
        });
    }
    if (config.url === undefined)
        throw new Error(`upstream ${config.name} has no url`);
    // The router never reads a forwarded payload: raw from ROUTED_RAW_MIN_CHARS, as on stdio.
    const options = { headers: config.headers, rawMinChars: ROUTED_RAW_MIN_CHARS, log };
    switch (config.transport) {
        case 'streamable-http': {
            const auth = oauthClientFor(config, { log });
            return connectHttpUpstream(config.url, auth ? { ...options, auth } : options);
        }
        case 'sse':
            return new SseClientTransport(config.url, options);
        case 'ws':
            return new WebSocketClientTransport(config.url, options);
        default:
            throw new Error(`upstream ${config.name}: transport "${String(config.transport)}" is not supported`);
    }
}
//# sourceMappingURL=fromConfig.js.map