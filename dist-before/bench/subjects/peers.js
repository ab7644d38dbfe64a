/**
 * The third-party peers (supergateway, mcp-proxy) are installed on demand into bench/peers/
 * (gitignored, never in the project's package.json or lockfile). A peer that cannot be
 * installed (offline, registry failure) is reported as n/a, never as a failed run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { peersDir } from '../paths.js';
export const PEER_PACKAGES = ['supergateway', 'mcp-proxy'];
function locate(pkg) {
    const bin = join(peersDir, 'node_modules', '.bin', pkg);
    if (!existsSync(bin))
        return undefined;
    let version = '?';
    try {
        const manifest = JSON.parse(readFileSync(join(peersDir, 'node_modules', pkg, 'package.json'), 'utf8'));
        version = manifest.version ?? '?';
    }
    catch { }
    return { script: realpathSync(bin), version };
}
/**
 * bench/peers/ also holds committed TypeScript (the naive SDK proxy), which must stay an ES
 * module: the package.json that `npm install --prefix` creates there says so explicitly.
 */
export function ensurePeersManifest() {
    const file = join(peersDir, 'package.json');
    let manifest = {};
    try {
        manifest = JSON.parse(readFileSync(file, 'utf8'));
    }
    catch { }
    if (manifest.type === 'module' && manifest.private === true)
        return;
    mkdirSync(peersDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ ...manifest, private: true, type: 'module' }, null, 2)}\n`);
}
function npmInstall(packages, timeoutMs) {
    ensurePeersManifest();
    return new Promise((resolve) => {
        const child = spawn('npm', ['install', '--prefix', peersDir, '--no-audit', '--no-fund', '--loglevel=error', ...packages], { stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (t) => {
            err = (err + t).slice(-500);
        });
        const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve(`npm install timed out after ${timeoutMs} ms`);
        }, timeoutMs);
        child.on('error', (e) => {
            clearTimeout(timer);
            resolve(`npm not runnable: ${e.message}`);
        });
        child.on('exit', (code) => {
            clearTimeout(timer);
            resolve(code === 0 ? undefined : `npm install failed (${code}): ${err.trim()}`);
        });
    });
}
/** Finds the peers, installing missing ones first when `install` is set. */
export async function ensurePeers(install, log, timeoutMs = 180_000) {
    const result = { scripts: {}, versions: {}, reasons: {} };
    if (existsSync(join(peersDir, 'package.json')))
        ensurePeersManifest();
    const missing = PEER_PACKAGES.filter((p) => !locate(p));
    let installError;
    if (missing.length > 0 && install) {
        log(`installing peers into bench/peers: ${missing.join(', ')}`);
        installError = await npmInstall(missing, timeoutMs);
        if (installError)
            log(`peer install failed: ${installError}`);
    }
    for (const pkg of PEER_PACKAGES) {
        const found = locate(pkg);
        if (found) {
            result.scripts[pkg] = found.script;
            result.versions[pkg] = found.version;
        }
        else {
            result.reasons[pkg] = install
                ? `not installed (${installError ?? 'unknown error'})`
                : 'not installed (run without --quick / --no-install to install)';
        }
    }
    return result;
}
//# sourceMappingURL=peers.js.map