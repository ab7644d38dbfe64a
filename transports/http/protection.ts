/**
 * The checks every mcp-mux HTTP and WebSocket listener runs before it looks at a message:
 * DNS-rebinding protection (Host and Origin, on by default), authentication (static bearer
 * tokens and JWT access tokens: bearerAuth.ts), and a bounded, typed JSON body. A failed check
 * answers the request itself (403, 401, 413, 415, 400 with a JSON-RPC -32700 body) so callers
 * only branch on a boolean. The principal a request authenticated as is kept for it
 * (`principalOf`): the listeners put it on the session's transport (`Transport.principal`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../core/auth/index.js';
import { ErrorCode } from '../../core/errors/index.js';
import {
  DEFAULT_MAX_JSON_DEPTH,
  decodeMessage,
  exceedsDepth,
  stringifyMessage,
} from '../../core/rpc/index.js';
import { BearerAuth, type BearerAuthOptions, type Rejection } from './bearerAuth.js';
import type { TrustProxy } from './forwardedFor.js';
import { limitKey } from './principalLimit.js';

export type { Rejection } from './bearerAuth.js';

export interface ProtectionOptions extends BearerAuthOptions {
  /** Validate `Host` and `Origin` against DNS rebinding (default true). */
  dnsRebindingProtection?: boolean;
  /**
   * Extra accepted `Host` values (`name:port`). The bound address, `localhost`, `127.0.0.1` and
   * `[::1]`, each with the bound port, are always accepted.
   */
  allowedHosts?: readonly string[];
  /** Accepted `Origin` values besides the listener's own; `*` accepts any origin. */
  allowedOrigins?: readonly string[];
  /** The MCP endpoint's path (the default resource URL ends with it; default `/mcp`). */
  resourcePath?: string;
  /**
   * Whom `X-Forwarded-For` is believed from, for the per-address session pool of clients
   * without a token (forwardedFor.ts): `true` (every peer: the listener is reachable only
   * through a proxy), a list of proxy addresses, or `false` (default: the header is ignored).
   */
  trustProxy?: TrustProxy;
  /** Request body limit in bytes (default 4 MiB). */
  maxBodyBytes?: number;
  /** Deepest nesting accepted in a body (default `DEFAULT_MAX_JSON_DEPTH`, 128). */
  maxJsonDepth?: number;
  /**
   * Payloads of a body (or WebSocket frame) kept raw from this length (core/rpc/wire.ts
   * `decodeMessage`); the CLI's listeners pass `ROUTED_RAW_MIN_CHARS`. Default
   * `RAW_MIN_CHARS`.
   */
  rawMinChars?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The 403 message for a session's own principal presenting a token of other rights than the
 * one that opened the session (transports/http/README.md, "Sessions belong to their principal").
 */
export const OTHER_RIGHTS =
  'Forbidden: this session was opened with a token of other rights (scopes or client id); initialize a new session with this token';

export type BodyResult = { ok: true; value: unknown } | { ok: false };

const hostWithPort = (host: string, port: number): string =>
  `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

/** Writes a JSON-RPC error body (id null: the spec's "error response that has no id"). */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(body);
}

export class Protection {
  readonly maxBodyBytes: number;
  readonly maxJsonDepth: number;
  readonly #rawMinChars: number | undefined;
  readonly #rebinding: boolean;
  readonly #hosts: Set<string>;
  readonly #origins: Set<string>;
  readonly #anyOrigin: boolean;
  readonly bearer: BearerAuth;
  readonly #principals = new WeakMap<IncomingMessage, Principal>();
  readonly #trustProxy: TrustProxy;

  constructor(options: ProtectionOptions, bound: { host: string; port: number }) {
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
    this.#rawMinChars = options.rawMinChars;
    this.#rebinding = options.dnsRebindingProtection ?? true;
    const names = [bound.host, 'localhost', '127.0.0.1', '::1'];
    this.#hosts = new Set(names.map((name) => hostWithPort(name, bound.port).toLowerCase()));
    if (bound.port === 80) for (const name of names) this.#hosts.add(hostWithPort(name, 80));
    for (const host of options.allowedHosts ?? []) this.#hosts.add(host.toLowerCase());
    this.#origins = new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase()));
    this.#anyOrigin = this.#origins.has('*');
    for (const host of this.#hosts) {
      this.#origins.add(`http://${host}`);
      this.#origins.add(`https://${host}`);
    }
    // The accepted names constrain the audience and metadata only while `Host` is checked.
    const hosts = this.#rebinding ? [...this.#hosts] : undefined;
    this.bearer = new BearerAuth(options, options.resourcePath ?? '/mcp', hosts);
    this.#trustProxy = options.trustProxy ?? false;
  }

  /** Host and Origin checks (synchronous; `authenticate` follows). */
  check(req: IncomingMessage): Rejection | undefined {
    if (this.#rebinding) {
      const host = req.headers.host?.toLowerCase();
      const hostOk = host !== undefined && (this.#hosts.has(host) || this.#hosts.has(`${host}:80`));
      if (!hostOk) return { status: 403, message: 'Forbidden: Host not allowed', headers: {} };
      const origin = req.headers.origin?.toLowerCase();
      if (origin !== undefined && !this.#anyOrigin && !this.#origins.has(origin)) {
        return { status: 403, message: 'Forbidden: Origin not allowed', headers: {} };
      }
    }
    return undefined;
  }

  /** `check`, then the credential; remembers the principal of `req`. */
  async authenticate(req: IncomingMessage): Promise<Rejection | undefined> {
    const rejection = this.check(req);
    if (rejection) return rejection;
    const outcome = await this.bearer.authenticate(req);
    if ('rejection' in outcome) return outcome.rejection;
    if (outcome.principal) this.#principals.set(req, outcome.principal);
    return undefined;
  }

  /**
   * Who sent `req` (after `authenticate` passed). Its `id` (`token:<name>`, `token:<digest>`
   * for an unnamed token, `jwt:<issuer>#<subject>`) is what a session is bound to: a session
   * belongs to the principal that created it. Without authentication there is no principal
   * (undefined) and sessions are not bound.
   */
  principalOf(req: IncomingMessage): Principal | undefined {
    return this.#principals.get(req);
  }

  /**
   * What per-principal limits count `req` under (principalLimit.ts): its principal's id, else
   * the client's address (`X-Forwarded-For` read only with `trustProxy`).
   */
  limitKey(req: IncomingMessage): string {
    return limitKey(req, this.principalOf(req)?.id, this.#trustProxy);
  }

  /** Runs `authenticate`; on failure answers the request and resolves false. */
  async admit(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    return this.admitNow(req, res);
  }

  /**
   * `admit` without a promise when no credential is configured (only Host/Origin to check, a
   * synchronous verdict): the per-request path of the HTTP facade.
   */
  admitNow(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (this.bearer.enabled) return this.#admitAuthenticated(req, res);
    const rejection = this.check(req);
    if (!rejection) return true;
    this.#refuse(res, rejection);
    return false;
  }

  async #admitAuthenticated(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rejection = await this.authenticate(req);
    if (!rejection) return true;
    this.#refuse(res, rejection);
    return false;
  }

  #refuse(res: ServerResponse, rejection: Rejection): void {
    sendJsonRpcError(
      res,
      rejection.status,
      ErrorCode.TransportRefused,
      rejection.message,
      rejection.headers,
    );
  }

  /**
   * Reads a JSON body of at most `maxBodyBytes`. Answers 415 (not application/json), 413 (too
   * large) or 400 with -32700 (not JSON) itself and resolves `{ ok: false }`; a request that
   * breaks off also resolves `{ ok: false }`, with nothing written. A tool call's `arguments`
   * come as a validated `RawJson` from `rawMinChars` (`decodeMessage`), forwarded as text.
   */
  readJson(req: IncomingMessage, res: ServerResponse): Promise<BodyResult> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      sendJsonRpcError(
        res,
        415,
        ErrorCode.TransportRefused,
        'Unsupported Media Type: use application/json',
      );
      req.resume();
      return Promise.resolve({ ok: false });
    }
    const limit = this.maxBodyBytes;
    // The rest of an oversized body is not read (a client could stream gigabytes into the
    // void): the answer says `Connection: close` and the request is destroyed once it is out.
    const tooLarge = (): BodyResult => {
      req.pause();
      res.once('finish', () => req.destroy());
      res.once('close', () => req.destroy());
      sendJsonRpcError(
        res,
        413,
        ErrorCode.MessageTooLarge,
        `Payload Too Large: over ${limit} bytes`,
        { connection: 'close' },
      );
      return { ok: false };
    };
    if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(tooLarge());
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const settle = (result: BodyResult): void => {
        if (done) return;
        done = true;
        resolve(result);
      };
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        size += chunk.length;
        if (size > limit) settle(tooLarge());
        else chunks.push(chunk);
      });
      req.on('error', () => settle({ ok: false }));
      req.on('close', () => settle({ ok: false }));
      req.on('end', () => {
        if (done) return;
        let value: unknown;
        try {
          // Envelope only (core/rpc/envelopeScan.ts): arguments stay as their text.
          const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
          value = decodeMessage(bytes.toString('utf8'), this.#rawMinChars, bytes);
        } catch {
          sendJsonRpcError(
            res,
            400,
            ErrorCode.ParseError,
            'Parse error: the body is not valid JSON',
          );
          settle({ ok: false });
          return;
        }
        // Nested past the bound: refused here, before any session or upstream sees it.
        if (exceedsDepth(value, this.maxJsonDepth + (Array.isArray(value) ? 1 : 0))) {
          const id = (value as { id?: unknown } | null)?.id;
          const body = stringifyMessage({
            jsonrpc: '2.0',
            id: typeof id === 'string' || typeof id === 'number' ? id : null,
            error: {
              code: ErrorCode.InvalidRequest,
              message: `Invalid Request: the message nests deeper than ${this.maxJsonDepth} levels (maxJsonDepth)`,
            },
          });
          if (!res.headersSent) {
            res.writeHead(400, { 'content-type': 'application/json' });
            res.end(body);
          }
          settle({ ok: false });
          return;
        }
        settle({ ok: true, value });
      });
    });
  }
}
