/**
 * A Streamable HTTP endpoint as one instance of a cluster (transports/http/README.md,
 * "Cluster"): it mints session ids that name it (core/cluster/sessionIds.ts), and a request for
 * a session or bridged round another live instance owns goes to that owner on the internal hop
 * (hopProxy.ts), signed with the cluster key (core/cluster/hopAuth.ts). The owner checks the
 * hop and authenticates the carried credentials itself; a hop is never forwarded again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../core/auth/index.js';
import { HOP_HEADER, HopAuth, SessionIdSealer } from '../../core/cluster/index.js';
import { ErrorCode } from '../../core/errors/index.js';
import { type Logger, silentLogger } from '../../core/log/index.js';
import { stateIssuer } from '../../core/mcp/index.js';
import { forwardHop } from './hopProxy.js';
import { header } from './postRequest.js';
import { sendJsonRpcError } from './protection.js';

/** Answers a static peer's probe (`GET`, hop-signed): this instance's id. */
export const PROBE_PATH = '/.mcp-mux/instance';

export interface ClusterRoutingOptions {
  /** This instance's id. */
  self: string;
  /** The cluster key (≥ 32 characters). */
  key: string;
  /** The base URL of live instance `id`, or undefined (gone, or unknown). */
  urlOf(id: string): string | undefined;
  /**
   * Looks for the live instances again now (the membership's beat, shared by concurrent
   * callers): asked, at most `REFRESH_WAIT_MS`, when a verified id names an instance this
   * one does not know — a peer that came up after the last beat is then found at once
   * instead of its clients being sent back to `initialize` for up to a beat.
   */
  refresh?: () => Promise<void>;
  now?: () => number;
  log?: Logger;
}

/** What was forwarded, for the metrics (read at scrape). */
export interface ForwardStats {
  /** Forwarded requests by `kind` (`session` or `round`) and outcome. */
  readonly counts: ReadonlyMap<string, number>;
  /** Time from forwarding to the owner's response headers, summed, and its count. */
  readonly headerSeconds: { sum: number; count: number };
}

const idOf = (principal: Principal | undefined): string => principal?.id ?? '';

/** The `sessionId` of a legacy HTTP+SSE POST's URL (`/messages?sessionId=…`), if any. */
function querySession(url: string | undefined): string | undefined {
  const at = url?.indexOf('?') ?? -1;
  if (url === undefined || at < 0) return undefined;
  return new URLSearchParams(url.slice(at + 1)).get('sessionId') ?? undefined;
}

/** How long a miss waits for `refresh` (a probe of a static peer times out after 1 s). */
const REFRESH_WAIT_MS = 1_500;
/**
 * At most one `refresh` per this long: the clients of an instance that died all miss at once,
 * and each must not cost the store a beat.
 */
const REFRESH_GAP_MS = 500;

export const ROUND_GONE =
  'Invalid params: requestState was issued by an instance that is gone: retry the original request from the start';

export class ClusterRouting {
  readonly self: string;
  /** The look for instances under way (`refresh`), and when the last one started. */
  #refreshing: Promise<void> | undefined;
  #refreshedAt = Number.NEGATIVE_INFINITY;
  readonly #sessions: SessionIdSealer;
  readonly #hop: HopAuth;
  readonly #options: ClusterRoutingOptions;
  readonly #now: () => number;
  readonly #log: Logger;
  readonly #hopped = new WeakSet<IncomingMessage>();
  readonly #counts = new Map<string, number>();
  readonly #headerSeconds = { sum: 0, count: 0 };

  constructor(options: ClusterRoutingOptions) {
    this.self = options.self;
    this.#options = options;
    this.#sessions = new SessionIdSealer(options.key, options.self);
    this.#hop = new HopAuth(options.key);
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? silentLogger;
  }

  get stats(): ForwardStats {
    return { counts: this.#counts, headerSeconds: this.#headerSeconds };
  }

  mintSessionId(principal: Principal | undefined): string {
    return this.#sessions.mint(idOf(principal));
  }

  /**
   * Checks a request's hop header, if any: false when it carries one that is not valid, with
   * `res` answered 403. A valid one marks `req` as a hop: it is served here or not at all.
   */
  admitHop(req: IncomingMessage, res: ServerResponse, principal: Principal | undefined): boolean {
    const value = header(req, HOP_HEADER);
    if (value === undefined) return true;
    const verdict = this.#hop.verify(value, this.#facts(req, idOf(principal)), this.#now());
    if (!verdict.ok) {
      this.#log.debug('refused an internal hop', { why: verdict.why });
      req.resume();
      sendJsonRpcError(res, 403, ErrorCode.TransportRefused, 'Forbidden: invalid internal hop');
      return false;
    }
    this.#hopped.add(req);
    return true;
  }

  /** A request for session `id` that is not held here: forwarded to its owner, or 404. */
  async sessionMiss(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    principal: Principal | undefined,
  ): Promise<void> {
    const owner = this.#sessions.ownerOf(id, idOf(principal));
    const url = owner === undefined || this.#hopped.has(req) ? undefined : await this.#urlOf(owner);
    if (url === undefined || owner === this.self) {
      req.resume();
      sendJsonRpcError(res, 404, ErrorCode.SessionNotFound, 'Session not found');
      return;
    }
    const outcome = await this.#forward('session', url, req, res, principal);
    if (outcome === 'unreachable') {
      sendJsonRpcError(res, 404, ErrorCode.SessionNotFound, 'Session not found');
    }
  }

  /** The other instance a modern request's `requestState` names, when it must go there. */
  roundOwner(req: IncomingMessage, message: unknown): string | undefined {
    if (this.#hopped.has(req) || typeof message !== 'object' || message === null) return undefined;
    const params = (message as { params?: unknown }).params;
    if (typeof params !== 'object' || params === null) return undefined;
    const owner = stateIssuer((params as { requestState?: unknown }).requestState);
    return owner === undefined || owner === this.self ? undefined : owner;
  }

  /** A bridged round's retry, sent to `owner`; -32602 "retry from the start" when it is gone. */
  async forwardRound(
    req: IncomingMessage,
    res: ServerResponse,
    owner: string,
    principal: Principal | undefined,
    body: string,
    id: unknown,
  ): Promise<void> {
    const url = await this.#urlOf(owner);
    const outcome =
      url === undefined
        ? 'unreachable'
        : await this.#forward('round', url, req, res, principal, body);
    if (outcome !== 'unreachable') return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: id ?? null,
        error: { code: ErrorCode.InvalidParams, message: ROUND_GONE, data: { reason: 'gone' } },
      }),
    );
  }

  /** Where instance `owner` is: from the view, else from a fresh look (bounded; see `refresh`). */
  async #urlOf(owner: string): Promise<string | undefined> {
    const known = this.#options.urlOf(owner);
    const refresh = this.#options.refresh;
    if (known !== undefined || owner === this.self || refresh === undefined) return known;
    const now = this.#now();
    if (this.#refreshing === undefined && now - this.#refreshedAt >= REFRESH_GAP_MS) {
      this.#refreshedAt = now;
      this.#refreshing = refresh()
        .catch(() => {})
        .finally(() => {
          this.#refreshing = undefined;
        });
    }
    const refreshing = this.#refreshing;
    if (refreshing === undefined) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, REFRESH_WAIT_MS);
    });
    await Promise.race([refreshing, waited]).finally(() => clearTimeout(timer));
    return this.#options.urlOf(owner);
  }

  /** The headers of a probe of a static peer at `url`. */
  probeHeaders(): Record<string, string> {
    return {
      [HOP_HEADER]: this.#hop.sign(
        this.self,
        { method: 'GET', session: '', principal: '' },
        this.#now(),
      ),
    };
  }

  /** Answers `GET PROBE_PATH`: this instance's id to a signed probe, 403 to anything else. */
  answerProbe(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const value = header(req, HOP_HEADER);
    const facts = { method: req.method ?? '', session: '', principal: '' };
    if (value === undefined || !this.#hop.verify(value, facts, this.#now()).ok) {
      sendJsonRpcError(res, 403, ErrorCode.TransportRefused, 'Forbidden: not a cluster member');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ id: this.self }));
  }

  async #forward(
    kind: 'session' | 'round',
    base: string,
    req: IncomingMessage,
    res: ServerResponse,
    principal: Principal | undefined,
    body?: string,
  ): Promise<'answered' | 'unreachable' | 'broken'> {
    const started = performance.now();
    const hop = this.#hop.sign(this.self, this.#facts(req, idOf(principal)), this.#now());
    const extra: Record<string, string> = { [HOP_HEADER]: hop };
    const outcome = await forwardHop(`${base}${req.url ?? '/'}`, req, res, extra, body, () => {
      this.#headerSeconds.sum += (performance.now() - started) / 1000;
      this.#headerSeconds.count++;
    });
    const key = `${kind} ${req.method ?? ''} ${outcome}`;
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
    if (outcome === 'unreachable') this.#log.info('owner unreachable', { kind, base });
    return outcome;
  }

  /** What a hop's signature binds: method, session (header, or a legacy POST's query), principal. */
  #facts(req: IncomingMessage, principal: string) {
    const session = header(req, 'mcp-session-id') ?? querySession(req.url) ?? '';
    return { method: req.method ?? '', session, principal };
  }
}
