/**
 * The client side of the MCP stdio transport: runs an upstream server as a child process and
 * speaks newline-delimited JSON over its stdin/stdout.
 *
 * - Spawned with an argv (no shell), `cwd`, `detached` so the child leads its own process
 *   group, and a minimal environment: `DEFAULT_INHERITED_ENV` from the router's, then `env`
 *   over it (an `undefined` value removes a variable). The router's secrets (`MCP_MUX_TOKENS`,
 *   variables meant for another server's headers) never reach a child unless `inheritEnv`
 *   passes the whole environment, as the official SDKs do by default.
 * - The child's stderr is its log: each line goes to the router's logger (`info`, with the
 *   server name), never to stdout.
 * - `closed$`: `{kind:'exit', code, signal}` when the child exits on its own, `{kind:'error'}`
 *   when it cannot be started (ENOENT and the like: a clear message, never a throw),
 *   `{kind:'local'}` at once on `close()`, `{kind:'slow-reader'}` when it stops reading.
 * - Shutdown (MCP lifecycle, stdio): close the child's stdin, wait `stdinCloseGraceMs`, SIGTERM
 *   the group, wait `sigtermGraceMs`, SIGKILL the group. Whatever the child leaves behind in
 *   its group is then terminated too (SIGTERM, then SIGKILL). `close()` resolves when that is
 *   done. The same teardown runs when the child exits on its own, stops reading, or its pipes
 *   fail.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { reapGroup, signalGroup, trackGroup, untrackGroup } from './processGroup.js';
import { StreamTransport } from './streamTransport.js';
/** Longest stderr line kept whole; longer lines are logged in pieces of this size. */
const MAX_STDERR_LINE = 8 * 1024;
export class StdioClientTransport extends StreamTransport {
    name;
    #command;
    #cwd;
    #stdinCloseGraceMs;
    #sigtermGraceMs;
    #child;
    #spawned = false;
    #exited = false;
    #exit;
    #resolveExit = () => { };
    #stdoutEnd;
    #resolveStdoutEnd = () => { };
    #teardown;
    /** Close the child's stdin at once instead of after pending writes (it is not reading). */
    #abandonStdin = false;
    #stderrPartial = '';
    constructor(options) {
        super(options);
        this.name = options.name ?? basename(options.command);
        this.#command = options.command;
        this.#cwd = options.cwd;
        this.#stdinCloseGraceMs = options.stdinCloseGraceMs ?? 2000;
        this.#sigtermGraceMs = options.sigtermGraceMs ?? 2000;
        this.#exit = new Promise((resolve) => {
            this.#resolveExit = resolve;
        });
        this.#stdoutEnd = new Promise((resolve) => {
            this.#resolveStdoutEnd = resolve;
        });
        let child;
        try {
            child = spawn(options.command, [...(options.args ?? [])], {
                ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
                env: childEnv(options.env, options.inheritEnv ?? false),
                stdio: ['pipe', 'pipe', 'pipe'],
                detached: process.platform !== 'win32',
                windowsHide: true,
            });
        }
        catch (error) {
            // Invalid arguments (a NUL byte in argv, say) throw synchronously.
            this.#child = undefined;
            this.#startFailed(error);
            return;
        }
        // Out of descriptors (EMFILE, ENFILE), Node sets up no pipes and reports the error on the
        // next tick: a start failure like any other, never a throw.
        const pipes = child;
        if (!pipes.stdin || !pipes.stdout || !pipes.stderr) {
            this.#child = undefined;
            child.once('error', (error) => this.#startFailed(error));
            return;
        }
        this.#child = child;
        if (child.pid !== undefined)
            trackGroup(child.pid);
        child.once('spawn', () => {
            this.#spawned = true;
            this.log.debug('upstream process started', { server: this.name, pid: child.pid });
        });
        child.on('error', (error) => {
            if (!this.#spawned)
                this.#startFailed(error);
            else
                this.log.warn('upstream process error', { server: this.name, error: error.message });
        });
        child.once('exit', (code, signal) => this.#onExit(code, signal));
        child.stdout.once('close', () => this.#resolveStdoutEnd());
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (text) => this.#onStderr(text));
        child.stderr.once('end', () => this.#flushStderr());
        child.stderr.on('error', () => { });
        this.attachInput(child.stdout);
        this.attachOutput(child.stdin);
    }
    /** The child's pid (its process group id), or undefined if it could not be started. */
    get pid() {
        return this.#child?.pid;
    }
    /**
     * Ends the session: `closed$` emits `{kind:'local'}` now; resolves once the child and its
     * process group are gone (bounded by stdinCloseGraceMs + 4 × sigtermGraceMs).
     */
    close() {
        this.finish({ kind: 'local' });
        return this.#startTeardown();
    }
    onFinish(_reason) {
        // Nobody reads any more, but keep draining stdout so a chatty child is never blocked
        // writing and can exit when its stdin closes.
        this.detachInput();
        this.dropQueue();
        this.#child?.stdout.resume();
    }
    onSlowReader(bufferedBytes) {
        this.log.warn('upstream process is not reading its stdin: closing it', {
            server: this.name,
            bufferedBytes,
            maxBufferedBytes: this.maxBufferedBytes,
        });
        this.#abandonStdin = true;
        this.finish({ kind: 'slow-reader', bufferedBytes });
        void this.#startTeardown();
    }
    onInputEnd() {
        // The child closed its stdout: it cannot answer any more. It usually exits right after
        // (the spec's server-initiated shutdown); the teardown makes sure it does.
        void this.#startTeardown();
    }
    onInputError(error) {
        this.log.warn('reading from upstream process failed', {
            server: this.name,
            error: error.message,
        });
        void this.#startTeardown();
    }
    onOutputError(error) {
        // EPIPE: the child closed its stdin or died; its exit (with the real code) follows.
        this.log.debug('writing to upstream process failed', {
            server: this.name,
            error: error.message,
        });
        void this.#startTeardown();
    }
    #startFailed(error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        const code = cause.code;
        let reason = cause.message;
        if (code === 'ENOENT') {
            reason =
                this.#cwd !== undefined && !existsSync(this.#cwd)
                    ? `the working directory "${this.#cwd}" does not exist (ENOENT)`
                    : 'command not found (ENOENT); check the command and PATH';
        }
        else if (code === 'EACCES') {
            reason = 'permission denied (EACCES); is the command executable?';
        }
        else if (code === 'EMFILE' || code === 'ENFILE') {
            reason = `out of file descriptors (${code}); raise \`ulimit -n\` or lower the number of open connections`;
        }
        const failure = new Error(`upstream "${this.name}": cannot start "${this.#command}": ${reason}`, { cause });
        this.log.error(failure.message, { server: this.name });
        this.#exited = true;
        this.#resolveExit();
        this.finish({ kind: 'error', error: failure });
    }
    #onExit(code, signal) {
        this.#exited = true;
        this.#resolveExit();
        const level = this.isOpen ? 'warn' : 'info';
        this.log[level]('upstream process exited', { server: this.name, code, signal });
        void this.#startTeardown();
        // Messages written just before exiting are still in the pipe: read them first, but do
        // not wait on a pipe held open by a leftover grandchild (the teardown terminates those).
        void raceTimeout(this.#stdoutEnd, this.#sigtermGraceMs).then(() => this.finish({ kind: 'exit', code, signal }));
    }
    #startTeardown() {
        this.#teardown ??= this.#terminate();
        return this.#teardown;
    }
    async #terminate() {
        const child = this.#child;
        const pid = child?.pid;
        if (child === undefined || pid === undefined)
            return;
        if (!this.#exited) {
            if (this.#abandonStdin)
                child.stdin.destroy();
            else
                child.stdin.end();
            if (!(await raceTimeout(this.#exit, this.#stdinCloseGraceMs))) {
                this.log.warn('upstream process did not exit after its stdin closed: sending SIGTERM', {
                    server: this.name,
                    waitedMs: this.#stdinCloseGraceMs,
                });
                child.stdin.destroy();
                signalGroup(pid, 'SIGTERM');
                if (!(await raceTimeout(this.#exit, this.#sigtermGraceMs))) {
                    this.log.warn('upstream process did not exit after SIGTERM: sending SIGKILL', {
                        server: this.name,
                        waitedMs: this.#sigtermGraceMs,
                    });
                    signalGroup(pid, 'SIGKILL');
                    await raceTimeout(this.#exit, this.#sigtermGraceMs);
                }
            }
        }
        await reapGroup(pid, this.#sigtermGraceMs);
        untrackGroup(pid);
    }
    #onStderr(text) {
        let start = 0;
        for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
            this.#logStderr(this.#stderrPartial + text.slice(start, newline));
            this.#stderrPartial = '';
            start = newline + 1;
        }
        this.#stderrPartial += text.slice(start);
        while (this.#stderrPartial.length > MAX_STDERR_LINE) {
            this.#logStderr(this.#stderrPartial.slice(0, MAX_STDERR_LINE));
            this.#stderrPartial = this.#stderrPartial.slice(MAX_STDERR_LINE);
        }
    }
    #flushStderr() {
        if (this.#stderrPartial !== '')
            this.#logStderr(this.#stderrPartial);
        this.#stderrPartial = '';
    }
    #logStderr(line) {
        const text = line.endsWith('\r') ? line.slice(0, -1) : line;
        if (text.trim() !== '')
            this.log.info(text, { server: this.name, stream: 'stderr' });
    }
}
/**
 * The variables a stdio child gets from the router's environment by default: what a program
 * needs to find binaries, its home, temp files and locale (the official SDKs' list, plus
 * `LANG` and `TMPDIR`), and nothing that could carry a secret.
 */
export const DEFAULT_INHERITED_ENV = process.platform === 'win32'
    ? [
        'APPDATA',
        'COMSPEC',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PATHEXT',
        'PROCESSOR_ARCHITECTURE',
        'PROGRAMFILES',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'TMP',
        'USERNAME',
        'USERPROFILE',
        'WINDIR',
    ]
    : ['HOME', 'LANG', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'TMPDIR', 'USER'];
/** The child's environment: the default set (or everything), then `overrides`. */
export function childEnv(overrides, inheritEnv, parent = process.env) {
    const env = {};
    if (inheritEnv)
        Object.assign(env, parent);
    else {
        for (const key of DEFAULT_INHERITED_ENV) {
            const value = parent[key];
            // A value starting with "()" is an exported shell function: code, not a setting.
            if (value !== undefined && !value.startsWith('()'))
                env[key] = value;
        }
    }
    for (const [key, value] of Object.entries(overrides ?? {})) {
        if (value === undefined)
            delete env[key];
        else
            env[key] = value;
    }
    return env;
}
/** Resolves true if `promise` settles within `ms`, false otherwise; clears its timer. */
function raceTimeout(promise, ms) {
    return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        void promise.then(() => {
            clearTimeout(timer);
            resolve(true);
        });
    });
}
//# sourceMappingURL=stdioClient.js.map