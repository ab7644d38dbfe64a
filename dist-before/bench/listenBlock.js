#!/usr/bin/env node
/**
 * How long one 2026-07-28 `subscriptions/listen` naming N resource URIs holds the router's
 * event loop, measured in the router process itself (fixtures/loopDelay.ts), on a built router
 * over Streamable HTTP on loopback with the surface fixture as its one upstream (its URIs match
 * that upstream's template, so each is honoured and subscribed upstream).
 *
 *   node dist/bench/listenBlock.js [--uris 1000,10000,20000] [--parallel 1] [--max-uris N]
 *
 * `--max-uris` sets `mcpMux.maxListenUris` (a build before the bound knows no such key);
 * `MCP_MUX_BIN` measures another build. One JSON line per size on stdout: the time to the
 * acknowledgment (or the error), the longest event-loop block and its p99 while the listen
 * was opened, held 2 s and ended, the router's RSS, and what the listen was answered.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { distDir, muxBinPath } from './paths.js';
const { values: flags } = parseArgs({
    options: {
        uris: { type: 'string', default: '1000,10000,20000' },
        parallel: { type: 'string', default: '1' },
        'max-uris': { type: 'string' },
    },
});
const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function listen(port, id, uris, started) {
    const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: uris }, _meta: META },
    });
    return new Promise((resolve, reject) => {
        const req = request({
            host: '127.0.0.1',
            port,
            path: '/mcp',
            method: 'POST',
            headers: {
                authorization: 'Bearer bench-token-0123456789',
                accept: 'application/json, text/event-stream',
                'content-type': 'application/json',
                'mcp-protocol-version': '2026-07-28',
                'mcp-method': 'subscriptions/listen',
            },
        }, (res) => {
            res.once('data', (chunk) => resolve({
                ms: performance.now() - started,
                status: res.statusCode ?? 0,
                head: chunk.toString('utf8').slice(0, 160),
                close: () => req.destroy(),
            }));
            res.on('error', () => { });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
        req.end(body);
    });
}
async function measure(size, parallel) {
    const config = join(tmpdir(), `mcp-mux-listen-${process.pid}-${size}.json`);
    const surface = join(distDir, 'test', 'fixtures', 'surfaceServer.js');
    writeFileSync(config, JSON.stringify({
        mcpServers: { s: { command: process.execPath, args: [surface, '--resources', '10'] } },
        ...(flags['max-uris'] ? { mcpMux: { maxListenUris: Number(flags['max-uris']) } } : {}),
    }));
    const loopDelay = join(distDir, 'bench', 'fixtures', 'loopDelay.js');
    const child = spawn(process.execPath, ['--import', loopDelay, muxBinPath, '--config', config, '--http', '127.0.0.1:0'], {
        env: { ...process.env, MCP_MUX_TOKENS: 'bench-token-0123456789' },
        stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
        stderr += chunk.toString('utf8');
    });
    try {
        for (let i = 0; i < 300 && !/ready: /.test(stderr); i++)
            await sleep(50);
        const port = Number(/http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr)?.[1]);
        if (!port)
            throw new Error(`the router did not start: ${stderr}`);
        await sleep(300);
        child.kill('SIGUSR2');
        await sleep(50);
        const uris = Array.from({ length: size }, (_, i) => `surface://item/${i}`);
        const started = performance.now();
        const opened = await Promise.all(Array.from({ length: parallel }, (_, k) => listen(port, k + 1, uris, started)));
        await sleep(2000);
        for (const o of opened)
            o.close();
        await sleep(1000);
        child.kill('SIGUSR1');
        await sleep(200);
        const delay = /loop-delay max=(\d+) p99=(\d+)/.exec(stderr);
        const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
        return {
            uris: size,
            parallel,
            firstAnswerMs: opened.map((o) => Math.round(o.ms)),
            status: opened.map((o) => o.status),
            loopBlockMaxMs: Number(delay?.[1]),
            loopDelayP99Ms: Number(delay?.[2]),
            routerRssMiB: rss ? Math.round(Number(rss) / 1024) : undefined,
            answer: opened[0]?.head.replace(/\s+/g, ' '),
        };
    }
    finally {
        child.kill('SIGTERM');
        rmSync(config, { force: true });
    }
}
for (const size of (flags.uris ?? '').split(',').map(Number)) {
    process.stdout.write(`${JSON.stringify(await measure(size, Number(flags.parallel)))}\n`);
}
//# sourceMappingURL=listenBlock.js.map