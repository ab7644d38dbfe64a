import { DEFAULT_REDIRECT_URI, listenForRedirect, oauthClientFor, } from '../transports/http/oauth/index.js';
import { UsageError } from './facades.js';
export async function login(config, server, options) {
    const oauthServers = config.upstreams.filter((u) => u.auth !== undefined).map((u) => u.name);
    if (server === undefined) {
        throw new UsageError(`login needs a server name (with "auth": ${oauthServers.join(', ') || 'none'})`);
    }
    const upstream = config.upstreams.find((u) => u.name === server);
    if (!upstream)
        throw new UsageError(`no server "${server}" in the config`);
    if (upstream.auth === undefined || upstream.url === undefined) {
        throw new UsageError(`server "${server}" has no "auth" config (only HTTP servers with "auth" log in)`);
    }
    const redirect = await listenForRedirect(upstream.auth.redirectUri ?? DEFAULT_REDIRECT_URI, options.timeoutMs);
    const withRedirect = {
        ...upstream,
        auth: { ...upstream.auth, redirectUri: redirect.redirectUri },
    };
    const client = oauthClientFor(withRedirect, {
        log: options.log,
        authorize: async (url) => {
            process.stderr.write(`\nOpen this URL in a browser to authorize mcp-mux for "${server}":\n\n  ${url.href}\n\nWaiting for the redirect to ${redirect.redirectUri} …\n`);
            return redirect.parameters;
        },
    });
    try {
        if (!client)
            return 1;
        if (options.logout) {
            await client.logout();
            process.stderr.write(`mcp-mux: forgot the credentials of "${server}"\n`);
            return 0;
        }
        await client.login();
        process.stderr.write(`mcp-mux: "${server}" is authorized; tokens stored in ${upstream.auth.tokenFile ?? 'the default token file'}\n`);
        return 0;
    }
    finally {
        redirect.close();
        redirect.parameters.catch(() => { });
    }
}
//# sourceMappingURL=login.js.map