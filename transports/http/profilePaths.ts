/**
 * Profile paths of the HTTP facade: `<path>/<name>` (Streamable HTTP) and `<ssePath>/<name>` +
 * `<messagesPath>/<name>` (legacy HTTP+SSE) for every name `hasProfile` accepts. Each profile
 * gets its own servers, made on first use: its sessions are its own (a session id of another
 * path is unknown here, 404), and every transport they hand out carries `profile` before it
 * reaches `connections$`. The facade only labels; what a profile shows is the router's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { map, merge, type Observable, Subject } from 'rxjs';
import type { Transport } from '../../core/rpc/index.js';
import type { Protection } from './protection.js';
import type { SseServer } from './sseServer.js';
import type { StreamableHttpServer } from './streamableHttpServer.js';

export interface ProfilePathOptions {
  path: string;
  ssePath: string;
  messagesPath: string;
  legacy: boolean;
  /** Whether `name` is a profile (asked at each request: a reload may add or remove one). */
  hasProfile: (name: string) => boolean;
  /** A server for the profile `name`'s path. */
  streamable: (name: string) => StreamableHttpServer;
  /** A legacy SSE server whose `endpoint` event names `messagesPath`. */
  sse: (messagesPath: string) => SseServer;
}

interface ProfileServers {
  streamable: StreamableHttpServer;
  sse: SseServer | undefined;
}

type Labelled = Transport & { profile: string | undefined };

export class ProfilePaths {
  readonly #options: ProfilePathOptions;
  readonly #servers = new Map<string, ProfileServers>();
  readonly #connections = new Subject<Transport>();
  readonly connections$: Observable<Transport> = this.#connections.asObservable();

  constructor(options: ProfilePathOptions) {
    this.#options = options;
  }

  /** The profile route of `pathname`, if it is one: which server and the profile's name. */
  match(pathname: string): { kind: 'mcp' | 'sse' | 'messages'; name: string } | undefined {
    const { path, ssePath, messagesPath, legacy } = this.#options;
    const slash = pathname.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const base = pathname.slice(0, slash);
    const name = pathname.slice(slash + 1);
    const kind =
      base === path
        ? 'mcp'
        : legacy && base === ssePath
          ? 'sse'
          : legacy && base === messagesPath
            ? 'messages'
            : undefined;
    return kind === undefined || name === '' ? undefined : { kind, name };
  }

  /** Serves a matched profile request; false when no such profile (the caller answers 404). */
  async handle(
    route: { kind: 'mcp' | 'sse' | 'messages'; name: string },
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    protection: Protection,
  ): Promise<boolean> {
    if (!this.#options.hasProfile(route.name)) return false;
    const servers = this.#serversOf(route.name);
    if (route.kind === 'mcp') await servers.streamable.handle(req, res, protection);
    else if (route.kind === 'sse') servers.sse?.handleStream(req, res, protection);
    else await servers.sse?.handleMessage(req, res, url, protection);
    return true;
  }

  async close(): Promise<void> {
    const all = [...this.#servers.values()];
    await Promise.all(all.flatMap(({ streamable, sse }) => [streamable.close(), sse?.close()]));
    this.#connections.complete();
  }

  #serversOf(name: string): ProfileServers {
    const known = this.#servers.get(name);
    if (known) return known;
    const streamable = this.#options.streamable(name);
    const sse = this.#options.legacy
      ? this.#options.sse(`${this.#options.messagesPath}/${name}`)
      : undefined;
    const servers = { streamable, sse };
    this.#servers.set(name, servers);
    const label = (transport: Transport): Transport => {
      (transport as Labelled).profile = name;
      return transport;
    };
    const sources = sse
      ? merge(streamable.connections$, sse.connections$)
      : streamable.connections$;
    // Not `subscribe(subject)`: one profile's servers completing must not end the others'.
    sources.pipe(map(label)).subscribe((transport) => this.#connections.next(transport));
    return servers;
  }
}
