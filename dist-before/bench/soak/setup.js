/**
 * The soak's system under test: a config file in a temporary directory, the built CLI serving
 * Streamable HTTP to two principals, and a second CLI on stdio (its own upstreams, no auth)
 * for the stdio client. Upstreams are the SDK fixtures of test/fixtures, compiled to dist:
 * `a` and `b` (surfaceServer: progress, logs, subscribable resources) and `ask`
 * (askingServer: elicitation, so a modern client gets bridged `input_required` rounds). The
 * reload toggles a fourth upstream `c`. Alice may use every upstream, Bob only `b`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackChild } from '../childRegistry.js';
import { distDir, muxBinPath } from '../paths.js';
export const ALICE_TOKEN = 'soak-alice-token-0123456789';
export const BOB_TOKEN = 'soak-bob-token-0123456789';
/** Upstreams Bob must never hear from. */
export const DENIED_TO_BOB = ['a', 'ask', 'c'];
/** Per-request upstream deadline; the soak's "lost" deadline lies well beyond it. */
export const UPSTREAM_TIMEOUT_MS = 10_000;
const fixture = (name, args = []) => ({
    command: process.execPath,
    args: [join(distDir, 'test', 'fixtures', `${name}.js`), ...args],
    timeoutMs: UPSTREAM_TIMEOUT_MS,
});
const surface = (name) => fixture('surfaceServer', ['--name', name, '--resources', '2']);
/** The main router's config; `withC` adds the upstream the reloads toggle. */
export function routerConfig(withC) {
    return {
        mcpServers: {
            a: surface('a'),
            b: surface('b'),
            ask: fixture('askingServer'),
            ...(withC ? { c: surface('c') } : {}),
        },
        mcpMux: {
            // A killed upstream comes back within ~2 s, however often it was killed: the soak
            // measures the router across restarts, not the backoff's patience.
            restart: { initialDelayMs: 200, maxDelayMs: 2_000, stableAfterMs: 5_000 },
            auth: { tokens: { alice: ALICE_TOKEN, bob: BOB_TOKEN } },
            access: [
                { principals: ['token:alice'], upstreams: ['a', 'b', 'ask', 'c'] },
                { principals: ['token:bob'], upstreams: ['b'] },
            ],
        },
    };
}
const stdioConfig = () => ({
    mcpServers: { a: surface('a'), b: surface('b') },
    mcpMux: { restart: { initialDelayMs: 200, maxDelayMs: 2_000, stableAfterMs: 5_000 } },
});
export function createWorkspace() {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-soak-'));
    const configFile = join(dir, 'mcp-mux.json');
    const stdioConfigFile = join(dir, 'mcp-mux-stdio.json');
    const writeRouterConfig = (withC) => {
        const next = join(dir, 'mcp-mux.json.next');
        writeFileSync(next, JSON.stringify(routerConfig(withC), null, 2));
        renameSync(next, configFile);
    };
    writeRouterConfig(false);
    writeFileSync(stdioConfigFile, JSON.stringify(stdioConfig(), null, 2));
    return {
        dir,
        configFile,
        stdioConfigFile,
        writeRouterConfig,
        remove: () => rmSync(dir, { recursive: true, force: true }),
    };
}
/** Starts the CLI with `--http 127.0.0.1:0`; resolves once it logs its URL. */
export async function startRouter(configFile) {
    const child = spawn(process.execPath, [muxBinPath, '--config', configFile, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    trackChild(child);
    let tail = '';
    let applied = 0;
    let rejected = 0;
    child.stderr?.on('data', (chunk) => {
        const text = chunk.toString('utf8');
        applied += text.match(/config: reloading/g)?.length ?? 0;
        rejected += text.match(/config reload \S+, the running config stays/g)?.length ?? 0;
        tail = (tail + text).slice(-1_048_576);
    });
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`router did not listen: ${tail}`)), 30_000);
        const look = () => {
            const found = /listening: http (\S+)/.exec(tail)?.[1];
            if (found) {
                clearTimeout(timer);
                child.stderr?.off('data', look);
                resolve(found);
            }
        };
        child.stderr?.on('data', look);
        child.once('exit', (code) => reject(new Error(`router exited (${code}): ${tail}`)));
    });
    return {
        child,
        pid: child.pid,
        url,
        log: () => tail,
        reloads: () => ({ applied: applied - rejected, rejected }),
        stop: async () => {
            if (child.exitCode === null && child.signalCode === null)
                child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await exited;
            clearTimeout(timer);
        },
    };
}
//# sourceMappingURL=setup.js.map