/**
 * Calls without an MCP client (`Router.callTool`, `Router.request$`, `Router.tools()`…).
 *
 * Decision: a library call takes the SAME routed path as a client's. Each principal (its
 * rights: id, client id, token name, scopes) gets one in-process session: a linked pair of
 * transports (`RouterOptions.linkedPair`, the memory pair), one end connected to the router
 * with that principal like any client (`Router.connect`: a `DownstreamSession`, access rules,
 * admission, observers, events, the in-flight index), the other end held by an mcp-mux
 * `Connection` that initializes it (legacy, no client capabilities: sampling, elicitation and
 * roots requests of upstreams are not routed to it). So cancellation is unsubscription
 * end to end (`notifications/cancelled` to the router, then upstream), progress is the
 * connection's, and nothing routes differently for an embedder. At most `MAX_SESSIONS` are
 * kept; past it the least recently used one with nothing in flight is closed.
 */
import { defer, from, lastValueFrom, type Observable, switchMap } from 'rxjs';
import type { AccessPolicy, Principal } from '../../core/auth/index.js';
import type { Catalog } from '../../core/catalog/index.js';
import { LocalError } from '../../core/errors/index.js';
import {
  type CallToolResult,
  type ClientInfo,
  LATEST_LEGACY_VERSION,
  type Progress,
  type Prompt,
  type Resource,
  type Tool,
} from '../../core/mcp/index.js';
import {
  Connection,
  type JsonObject,
  type RequestEvent,
  type RequestOptions,
  type Transport,
} from '../../core/rpc/index.js';

/** Who calls and how long it may take: `callTool` and `request$` take these. */
export interface LibraryCallOptions {
  /** Who is calling: the access rules, limits and audit see it as a bearer token's. */
  readonly principal?: Principal;
  /** Aborting cancels the call (upstream too); it then fails with `LocalError('cancelled')`. */
  readonly signal?: AbortSignal;
  /** Idle limit, re-armed by each progress (`LocalError('timeout')`); upstream limits apply too. */
  readonly timeoutMs?: number;
}

export interface CallToolOptions extends LibraryCallOptions {
  /** Called with each progress notification of the call (progress is asked only with it). */
  readonly onProgress?: (progress: Progress) => void;
}

export interface LibraryRequestOptions extends LibraryCallOptions {
  /** Ask for progress (default true): each arrives as a `{ kind: 'progress' }` value. */
  readonly progress?: boolean;
}

export interface LibraryHost {
  readonly linkedPair: (() => readonly [Transport, Transport]) | undefined;
  /** Attaches the router's end as a session of `principal` (`Router.connect`). */
  connect(transport: Transport, principal: Principal | undefined): unknown;
  readonly clientInfo: ClientInfo;
}

/** Library sessions kept at once (one per principal's rights). */
export const MAX_SESSIONS = 64;

/** The same rights, the same key (core/auth `sameRights`). */
const keyOf = (principal: Principal | undefined): string =>
  principal === undefined
    ? ''
    : JSON.stringify([
        principal.id,
        principal.clientId ?? null,
        principal.tokenName ?? null,
        [...new Set(principal.scopes)].sort(),
      ]);

export class LibrarySessions {
  readonly #host: LibraryHost;
  /** By principal key, least recently used first (a use moves it to the end). */
  readonly #sessions = new Map<string, Promise<Connection>>();
  #closed = false;

  constructor(host: LibraryHost) {
    this.#host = host;
  }

  /** Sessions open now (a leak test expects them bounded). */
  get size(): number {
    return this.#sessions.size;
  }

  /** One routed request as a client's: progress values, the result; unsubscribing cancels it. */
  request$(
    method: string,
    params: JsonObject,
    options: LibraryRequestOptions = {},
  ): Observable<RequestEvent> {
    const request: RequestOptions = { progress: options.progress ?? true };
    if (options.signal !== undefined) request.signal = options.signal;
    if (options.timeoutMs !== undefined) request.timeout = options.timeoutMs;
    return defer(() => from(this.#session(options.principal))).pipe(
      switchMap((connection) => connection.request$(method, params, request)),
    );
  }

  /** `tools/call` of an exposed tool name; resolves with its result (a tool error is `isError`). */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallToolOptions = {},
  ): Promise<CallToolResult> {
    const { onProgress, ...rest } = options;
    const events = this.request$(
      'tools/call',
      { name, arguments: args },
      { ...rest, progress: onProgress !== undefined },
    );
    return this.#collect(events, onProgress);
  }

  #collect(
    events: Observable<RequestEvent>,
    onProgress: ((progress: Progress) => void) | undefined,
  ): Promise<CallToolResult> {
    return new Promise<CallToolResult>((resolve, reject) => {
      let result: CallToolResult | undefined;
      events.subscribe({
        next: (event) => {
          if (event.kind === 'progress') onProgress?.(event.params as unknown as Progress);
          else result = event.result as unknown as CallToolResult;
        },
        error: reject,
        complete: () =>
          result === undefined
            ? reject(new LocalError('closed', 'the call ended without a result'))
            : resolve(result),
      });
    });
  }

  /** Closes every library session (router shutdown). */
  close(): void {
    this.#closed = true;
    for (const session of this.#sessions.values()) {
      void session.then((connection) => connection.close()).catch(() => {});
    }
    this.#sessions.clear();
  }

  #session(principal: Principal | undefined): Promise<Connection> {
    if (this.#closed) {
      return Promise.reject(new LocalError('closed', 'the router is closed'));
    }
    const key = keyOf(principal);
    let session = this.#sessions.get(key);
    if (session !== undefined) {
      this.#sessions.delete(key); // most recently used last
    } else {
      session = this.#open(principal, key);
      void session.catch(() => this.#forget(key, session));
      this.#evict();
    }
    this.#sessions.set(key, session);
    return session;
  }

  async #open(principal: Principal | undefined, key: string): Promise<Connection> {
    const pair = this.#host.linkedPair;
    if (pair === undefined) {
      throw new LocalError(
        'closed',
        'callTool/request$ need RouterOptions.linkedPair (createRouter passes createMemoryPair)',
      );
    }
    const [mine, routers] = pair();
    const connection = new Connection(mine, { name: 'library' });
    connection.closed$.subscribe(() => {
      const current = this.#sessions.get(key);
      void current?.then(
        (open) => open === connection && this.#forget(key, current),
        () => {},
      );
    });
    this.#host.connect(routers, principal);
    await lastValueFrom(
      connection.request$('initialize', {
        protocolVersion: LATEST_LEGACY_VERSION,
        capabilities: {},
        clientInfo: { ...this.#host.clientInfo },
      }),
    );
    connection.notify('notifications/initialized');
    return connection;
  }

  #forget(key: string, session: Promise<Connection> | undefined): void {
    if (this.#sessions.get(key) === session) this.#sessions.delete(key);
  }

  /** Past `MAX_SESSIONS`: closes the least recently used session with nothing in flight. */
  #evict(): void {
    if (this.#sessions.size < MAX_SESSIONS) return;
    for (const [key, session] of this.#sessions) {
      void session.then((connection) => {
        if (connection.stats().outbound === 0 && this.#sessions.get(key) === session) {
          this.#sessions.delete(key);
          void connection.close();
        }
      });
      return;
    }
  }
}

/** The typed item of each list `Router.tools()`, `prompts()` and `resources()` return. */
export interface CatalogItems {
  tools: Tool;
  prompts: Prompt;
  resources: Resource;
}

/**
 * A catalog list as `principal` sees it (the access rules filter it as `tools/list` does),
 * without pagination: exposed names and URIs, typed as the spec's shapes.
 */
export function catalogItems<K extends keyof CatalogItems>(
  parts: {
    readonly catalog: Catalog;
    readonly audience: { readonly policy: AccessPolicy | undefined };
  },
  kind: K,
  principal: Principal | undefined,
): CatalogItems[K][] {
  type T = CatalogItems[K];
  const { catalog } = parts;
  const policy = parts.audience.policy;
  const items = catalog.list(kind) as unknown as readonly T[];
  if (policy === undefined) return [...items];
  const entries = catalog.entries(kind);
  return items.filter((_, i) => {
    const entry = entries[i];
    return entry !== undefined && policy.allows(principal, entry.upstream, kind, entry.exposed);
  });
}
