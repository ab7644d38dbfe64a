/**
 * OAuth credentials of the upstreams, kept in one JSON file readable by its owner only (mode
 * 0600, rewritten atomically through a temporary file of the same mode). Entries are keyed by
 * server name and remember the issuer and resource they belong to: credentials of another
 * authorization server (a migrated server) or another resource are never presented.
 *
 * Nothing here logs a token; callers must not either.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
/** `$XDG_STATE_HOME/mcp-mux/tokens.json`, else `~/.local/state/mcp-mux/tokens.json`. */
export function defaultTokenFile(env = process.env) {
    const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
    return join(base, 'mcp-mux', 'tokens.json');
}
/** In memory only (tests, the conformance driver). */
export function memoryTokenStore() {
    const entries = new Map();
    return {
        load: async (server) => entries.get(server),
        save: async (server, credentials) => {
            if (credentials)
                entries.set(server, credentials);
            else
                entries.delete(server);
        },
    };
}
export class FileTokenStore {
    path;
    /** Writes are serialized so two upstreams refreshing at once do not lose an entry. */
    #chain = Promise.resolve();
    constructor(path) {
        this.path = path;
    }
    async load(server) {
        const file = await this.#read();
        return Object.hasOwn(file.servers, server) ? file.servers[server] : undefined;
    }
    save(server, credentials) {
        const run = this.#chain.then(async () => {
            const file = await this.#read();
            if (credentials)
                file.servers[server] = credentials;
            else
                delete file.servers[server];
            await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
            const temporary = `${this.path}.${process.pid}.tmp`;
            await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
            await chmod(temporary, 0o600); // the umask cannot widen it, but an old file could exist
            await rename(temporary, this.path);
        });
        this.#chain = run.catch(() => { });
        return run;
    }
    async #read() {
        let text;
        try {
            text = await readFile(this.path, 'utf8');
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return { version: 1, servers: {} };
            throw error;
        }
        const value = JSON.parse(text);
        const servers = value && typeof value.servers === 'object' && value.servers ? value.servers : {};
        return { version: 1, servers: Object.assign(Object.create(null), servers) };
    }
}
//# sourceMappingURL=tokenStore.js.map