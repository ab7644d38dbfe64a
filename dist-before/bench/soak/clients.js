/**
 * The soak's clients, every one booked in the ledger: SDK v1 clients over Streamable HTTP for
 * Alice and Bob (log level set, resources subscribed), a v2 SDK client pinned to 2026-07-28
 * for Alice (it fulfils bridged `input_required` rounds through its elicitation handler), and
 * an SDK v1 client over stdio of a second mcp-mux process.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp, } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { muxBinPath } from '../paths.js';
import { ALICE_TOKEN, BOB_TOKEN, DENIED_TO_BOB } from './setup.js';
/** Beyond every router deadline: a request still unanswered then is lost, not slow. */
export const LOST_AFTER_MS = 45_000;
/** The outcome of a rejected call: the JSON-RPC code when there is one. */
export function outcomeOf(error, signal) {
    if (signal?.aborted)
        return 'cancelled';
    const code = error.code;
    if (typeof code === 'number')
        return String(code);
    // A failed HTTP exchange (fetch's TypeError) says why in its cause: ECONNRESET, "other side closed"…
    const cause = error.cause;
    const why = cause?.code ?? cause?.message ?? error.message;
    return `local:${error.name ?? 'Error'}(${String(why).slice(0, 40)})`;
}
const TOKENS = { alice: ALICE_TOKEN, bob: BOB_TOKEN };
async function subscribeAll(client) {
    const { resources } = await client.listResources();
    // Only the surface fixtures' items: `ask://who` elicits and its upstream cannot subscribe.
    for (const resource of resources) {
        if (resource.uri.includes('://item/'))
            await client.subscribeResource({ uri: resource.uri });
    }
}
/** A legacy session over Streamable HTTP for `principal`. */
export async function httpClient(ledger, url, principal, index) {
    const name = `${principal}-http-${index}`;
    const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${TOKENS[principal]}` } },
    });
    ledger.watch(name, transport, principal === 'bob' ? DENIED_TO_BOB : []);
    const client = new Client({ name, version: '1.0.0' });
    client.onerror = () => { };
    await client.connect(transport);
    await client.setLoggingLevel('debug');
    await subscribeAll(client);
    return legacyClient(name, principal, client, async () => {
        await transport.terminateSession().catch(() => { });
    });
}
/** A legacy session over stdio of a second router (no principal: it is the local user). */
export async function stdioClient(ledger, configFile) {
    const transport = new StdioClientTransport({
        command: process.execPath,
        args: [muxBinPath, '--config', configFile],
        stderr: 'ignore',
    });
    ledger.watch('stdio', transport);
    const client = new Client({ name: 'stdio', version: '1.0.0' });
    client.onerror = () => { };
    await client.connect(transport);
    await client.setLoggingLevel('debug');
    await subscribeAll(client);
    return {
        ...legacyClient('stdio', 'stdio', client, async () => { }),
        pid: () => transport.pid ?? undefined,
    };
}
function legacyClient(name, principal, client, beforeClose) {
    return {
        name,
        principal,
        modern: false,
        call: async (tool, args, options = {}) => {
            try {
                await client.callTool({ name: tool, arguments: args }, undefined, {
                    timeout: LOST_AFTER_MS,
                    ...(options.signal ? { signal: options.signal } : {}),
                    ...(options.progress ? { onprogress: () => { } } : {}),
                });
                return 'ok';
            }
            catch (error) {
                return outcomeOf(error, options.signal);
            }
        },
        close: async () => {
            await beforeClose();
            await client.close().catch(() => { });
        },
    };
}
/** Alice's 2026-07-28 client over HTTP; it accepts every elicitation (URL mode). */
export async function modernClient(ledger, url) {
    const name = 'alice-modern';
    const transport = new ModernHttp(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${ALICE_TOKEN}` } },
    });
    ledger.watch(name, transport);
    const client = new ModernClient({ name, version: '1.0.0' }, {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: { elicitation: { form: {}, url: {} } },
    });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept' }));
    await client.connect(transport);
    return {
        name,
        principal: 'alice',
        modern: true,
        call: async (tool, args, options = {}) => {
            try {
                await client.callTool({ name: tool, arguments: args }, {
                    timeout: LOST_AFTER_MS,
                    ...(options.signal ? { signal: options.signal } : {}),
                    ...(options.progress ? { onprogress: () => { } } : {}),
                });
                return 'ok';
            }
            catch (error) {
                return outcomeOf(error, options.signal);
            }
        },
        close: async () => {
            await client.close().catch(() => { });
        },
    };
}
//# sourceMappingURL=clients.js.map