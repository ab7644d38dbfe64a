/**
 * The client the conformance suite runs for its `auth/*` scenarios (.ci/steps/conformance-auth):
 * `node dist/test/conformance/authClient.js <server-url>`, scenario in MCP_CONFORMANCE_SCENARIO,
 * its data (pre-registered or machine credentials) in MCP_CONFORMANCE_CONTEXT.
 *
 * It is mcp-mux, not a client of its own: a router whose one upstream is the suite's server
 * with an `auth` config, its OAuth client (transports/http/oauth/) doing all of the
 * authorization, and one downstream session over an in-memory pair that initializes, lists the
 * tools and calls `test-tool` through the router. The browser step is the one thing simulated:
 * the suite's authorization endpoint redirects at once, so "the user" is a fetch that reads the
 * redirect's `Location`. Exit status 0 when the call succeeded.
 *
 * Configured credentials (a secret, a key, a workload assertion) go only to a pinned issuer or
 * one on the upstream's origin (transports/http/oauth/README.md, "Issuer pins"); the suite's
 * authorization server listens on another port, so the harness does what an operator does: it
 * reads the scenario's protected resource metadata itself and pins the issuers named there.
 */
import { lastValueFrom } from 'rxjs';
import { Connection, createLogger, createMemoryPair, createRouter, } from '../../index.js';
import { connectHttpUpstream } from '../../transports/http/connectHttpUpstream.js';
import { memoryTokenStore, oauthClientFor } from '../../transports/http/oauth/index.js';
/** The suite's fixed client ID metadata document URL (used when the server supports CIMD). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
async function browser(url) {
    const res = await fetch(url, { redirect: 'manual' });
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (!location)
        throw new Error(`the authorization endpoint answered ${res.status} without a redirect`);
    return new URL(location).searchParams;
}
/** The scenario's authorization servers, as an operator would look them up before configuring. */
async function issuersOf(serverUrl) {
    const url = new URL(serverUrl);
    const path = url.pathname === '/' ? '' : url.pathname;
    for (const candidate of [path, '']) {
        const res = await fetch(`${url.origin}/.well-known/oauth-protected-resource${candidate}`);
        const body = (await res.json().catch(() => undefined));
        if (res.status === 200 && body?.authorization_servers)
            return body.authorization_servers;
    }
    return [];
}
async function main() {
    const serverUrl = process.argv[2];
    if (!serverUrl)
        throw new Error('usage: authClient <server-url>');
    const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
    const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    const str = (key) => typeof context[key] === 'string' ? context[key] : undefined;
    const clientId = str('client_id');
    const clientSecret = str('client_secret');
    const machine = scenario.startsWith('auth/client-credentials');
    const workload = str('valid_jwt');
    const idTokenOfUser = str('idp_id_token');
    const auth = {
        grant: workload || idTokenOfUser
            ? 'jwt_bearer'
            : machine
                ? 'client_credentials'
                : 'authorization_code',
        clientMetadataUrl: CIMD_URL,
        redirectUri: 'http://localhost:3000/callback',
        clientName: 'mcp-mux-conformance',
    };
    if (clientId !== undefined)
        auth.clientId = clientId;
    if (clientSecret !== undefined)
        auth.clientSecret = clientSecret;
    if (workload !== undefined)
        auth.assertion = workload;
    if (scenario.startsWith('auth/dpop'))
        auth.dpop = true;
    const idpEndpoint = str('idp_token_endpoint');
    if (idTokenOfUser !== undefined && idpEndpoint !== undefined) {
        const idpClient = str('idp_client_id');
        auth.idp = {
            tokenEndpoint: idpEndpoint,
            idToken: idTokenOfUser,
            ...(idpClient === undefined ? {} : { clientId: idpClient }),
        };
    }
    const privateKey = str('private_key_pem');
    if (privateKey !== undefined)
        auth.privateKey = privateKey;
    const algorithm = str('signing_algorithm');
    if (algorithm !== undefined)
        auth.privateKeyAlgorithm = algorithm;
    const configured = ['clientSecret', 'privateKey', 'assertion', 'idp'].some((k) => k in auth);
    const pins = configured ? await issuersOf(serverUrl) : [];
    if (pins.length > 0)
        auth.authorizationServers = pins;
    const log = createLogger({ level: process.env.DEBUG ? 'debug' : 'warn' });
    const store = memoryTokenStore();
    const router = createRouter({
        mcpServers: { suite: { url: serverUrl, prefix: '', auth, restart: { maxRestarts: 0 } } },
        mcpMux: { startupTimeoutMs: 20_000, logLevel: 'warn' },
    }, {
        log,
        openTransport: async (config, signal) => {
            const oauth = oauthClientFor(config, { log, store, authorize: browser });
            const transport = connectHttpUpstream(config.url ?? serverUrl, {
                log,
                ...(oauth ? { auth: oauth } : {}),
            });
            signal.addEventListener('abort', () => void transport.close(), { once: true });
            return transport;
        },
    });
    await router.start();
    const [client, server] = createMemoryPair();
    router.connect(server);
    const connection = new Connection(client);
    const call = async (method, params) => {
        const event = await lastValueFrom(connection.request$(method, params, { timeout: 25_000 }));
        if (event.kind !== 'result')
            throw new Error(`${method}: no result`);
        return event.result;
    };
    try {
        await call('initialize', {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'mcp-mux-conformance', version: '1' },
        });
        connection.notify('notifications/initialized');
        const tools = (await call('tools/list', {})).tools;
        if (!tools.some((t) => t.name === 'test-tool')) {
            throw new Error(`test-tool is not listed (the upstream did not connect): ${JSON.stringify(tools)}`);
        }
        const result = await call('tools/call', { name: 'test-tool', arguments: {} });
        if (result.isError === true)
            throw new Error(`test-tool failed: ${JSON.stringify(result)}`);
        return 0;
    }
    finally {
        await router.close();
    }
}
main().then((code) => process.exit(code), (error) => {
    process.stderr.write(`authClient: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
});
//# sourceMappingURL=authClient.js.map