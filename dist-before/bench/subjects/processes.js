/**
 * Server processes the benchmark starts (echo upstreams on network transports, the router
 * with a network facade, HTTP peers): spawned, awaited until their port accepts connections,
 * and all killed when the run ends, even on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { trackChild } from '../childRegistry.js';
export function spawnServer(command, args, env = {}) {
    // stdin stays an open pipe: a server that also serves stdio must not see EOF and exit.
    const child = spawn(command, args, {
        stdio: ['pipe', 'ignore', 'pipe'],
        env: { ...process.env, ...env },
    });
    trackChild(child);
    const tail = [];
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text) => {
        for (const line of text.split('\n')) {
            if (!line)
                continue;
            tail.push(line);
            if (tail.length > 30)
                tail.shift();
        }
    });
    child.stdin?.on('error', () => { });
    child.on('error', () => { });
    return {
        child,
        pid: child.pid,
        stderrTail: () => tail.join('\n  '),
        stop: () => stopChild(child),
    };
}
export async function stopChild(child) {
    if (child.exitCode !== null || child.signalCode !== null)
        return;
    const exited = once(child, 'exit').catch(() => undefined);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
}
/** A port that was free a moment ago (the usual, slightly racy, way to pick one). */
export async function freePort() {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server.close();
    await once(server, 'close');
    return port;
}
/** Resolves once 127.0.0.1:port accepts a TCP connection; rejects if the process exits first. */
export async function waitForPort(server, port, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) {
            throw new Error(`exited before listening (code ${server.child.exitCode}): ${server.stderrTail()}`);
        }
        const ok = await new Promise((resolve) => {
            const socket = connect(port, '127.0.0.1');
            socket.once('connect', () => {
                socket.destroy();
                resolve(true);
            });
            socket.once('error', () => resolve(false));
        });
        if (ok)
            return;
        await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`port ${port} not listening after ${timeoutMs} ms: ${server.stderrTail()}`);
}
//# sourceMappingURL=processes.js.map