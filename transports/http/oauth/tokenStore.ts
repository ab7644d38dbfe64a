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

export interface StoredClient {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method?: string;
}

export interface StoredCredentials {
  /** The authorization server that issued them. */
  issuer: string;
  /** The resource indicator they were requested for. */
  resource: string;
  client?: StoredClient;
  accessToken?: string;
  /** `Bearer` or `DPoP` (a DPoP-bound token is presented with a proof). */
  tokenType?: string;
  refreshToken?: string;
  /** Epoch ms; absent: unknown. */
  expiresAt?: number;
  /** Scopes granted (or requested, when the server did not say). */
  scope?: string;
}

interface StoreFile {
  version: 1;
  servers: Record<string, StoredCredentials>;
}

/** `$XDG_STATE_HOME/mcp-mux/tokens.json`, else `~/.local/state/mcp-mux/tokens.json`. */
export function defaultTokenFile(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'mcp-mux', 'tokens.json');
}

export interface TokenStore {
  load(server: string): Promise<StoredCredentials | undefined>;
  save(server: string, credentials: StoredCredentials | undefined): Promise<void>;
  /**
   * A store shared by several instances (clusterTokenStore.ts) runs each refresh once across
   * them: `refresh` is called at most once cluster-wide and its result stored; the resolved
   * credentials are the ones to use. Absent: the client refreshes and saves itself.
   */
  refreshShared?(
    server: string,
    stale: StoredCredentials | undefined,
    refresh: (current: StoredCredentials) => Promise<StoredCredentials | undefined>,
  ): Promise<StoredCredentials | undefined>;
}

/** In memory only (tests, the conformance driver). */
export function memoryTokenStore(): TokenStore {
  const entries = new Map<string, StoredCredentials>();
  return {
    load: async (server) => entries.get(server),
    save: async (server, credentials) => {
      if (credentials) entries.set(server, credentials);
      else entries.delete(server);
    },
  };
}

export class FileTokenStore implements TokenStore {
  readonly path: string;
  /** Writes are serialized so two upstreams refreshing at once do not lose an entry. */
  #chain: Promise<void> = Promise.resolve();

  constructor(path: string) {
    this.path = path;
  }

  async load(server: string): Promise<StoredCredentials | undefined> {
    const file = await this.#read();
    return Object.hasOwn(file.servers, server) ? file.servers[server] : undefined;
  }

  save(server: string, credentials: StoredCredentials | undefined): Promise<void> {
    const run = this.#chain.then(async () => {
      const file = await this.#read();
      if (credentials) file.servers[server] = credentials;
      else delete file.servers[server];
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600); // the umask cannot widen it, but an old file could exist
      await rename(temporary, this.path);
    });
    this.#chain = run.catch(() => {});
    return run;
  }

  async #read(): Promise<StoreFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, servers: {} };
      throw error;
    }
    const value = JSON.parse(text) as Partial<StoreFile>;
    const servers =
      value && typeof value.servers === 'object' && value.servers ? value.servers : {};
    return { version: 1, servers: Object.assign(Object.create(null), servers) };
  }
}
