/**
 * The modern (2026-07-28) side of the Streamable HTTP endpoint: which requests take it, the
 * header checks, and the one-shot exchange that carries the answer. The rules themselves are
 * MCP knowledge and come as hooks (defaults in core/mcp/modernHttp.ts).
 *
 * Chosen per message, as a dual-era server does (basic/versioning): a POST without
 * `Mcp-Session-Id` whose body claims the modern era (or whose `MCP-Protocol-Version` is not a
 * legacy version) is modern; `initialize` and session traffic stay legacy on the same path.
 * GET and DELETE without a session id that announce a modern version get 405 (no standalone
 * stream, no sessions in this revision).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../core/auth/index.js';
import type { Logger } from '../../core/log/index.js';
import {
  checkModernHeaders,
  type HeaderLookup,
  type HttpRejection,
  isModernPost,
  modernErrorStatus,
} from '../../core/mcp/index.js';
import type { JsonObject } from '../../core/rpc/index.js';
import { sendJson } from './jsonReply.js';
import { ModernExchange, type ModernExchangeOptions } from './modernExchange.js';

/** Who sends a modern POST: what a header check may need to know (the tools they can see). */
export interface ModernCaller {
  readonly identity: Principal | undefined;
  readonly profile: string | undefined;
}

export interface ModernHttpHooks {
  isModernPost?: (message: unknown, header: HeaderLookup) => boolean;
  checkModernHeaders?: (
    message: JsonObject,
    header: HeaderLookup,
    caller: ModernCaller,
  ) => HttpRejection | undefined;
  modernErrorStatus?: (code: number) => number;
  /**
   * Whether a modern request keeps its response open until the client ends it (a listen): such
   * an exchange counts among its principal's sessions (`maxSessionsPerPrincipal`).
   */
  holdsResponseOpen?: (message: JsonObject) => boolean;
}

export const headerLookup =
  (req: IncomingMessage): HeaderLookup =>
  (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

export const modernPostHook = (hooks: ModernHttpHooks) => hooks.isModernPost ?? isModernPost;

/** Sends a rejection as a JSON-RPC error with the request's id (clients can correlate it). */
export function sendRejection(res: ServerResponse, id: unknown, rejection: HttpRejection): void {
  const error: JsonObject = { code: rejection.code, message: rejection.message };
  if (rejection.data !== undefined) error.data = rejection.data;
  const validId = typeof id === 'string' || typeof id === 'number' ? id : null;
  sendJson(res, rejection.status, JSON.stringify({ jsonrpc: '2.0', id: validId, error }));
}

/** What every modern POST of one endpoint shares: resolved once, not per request. */
export interface ModernPostOptions extends ModernExchangeOptions {
  readonly check: NonNullable<ModernHttpHooks['checkModernHeaders']>;
}

/** The endpoint's `ModernPostOptions` from its hooks (defaults: core/mcp/modernHttp.ts). */
export const modernPostOptions = (
  hooks: ModernHttpHooks,
  maxBufferedBytes: number,
  log: Logger,
): ModernPostOptions => ({
  check: hooks.checkModernHeaders ?? checkModernHeaders,
  statusOf: hooks.modernErrorStatus ?? modernErrorStatus,
  maxBufferedBytes,
  log,
});

/**
 * Serves one modern POST: checks its headers, then returns the exchange transport that
 * carries it (undefined when the POST was rejected and answered here); `onEnd` when it ends.
 */
export function modernExchange(
  req: IncomingMessage,
  res: ServerResponse,
  message: JsonObject,
  options: ModernPostOptions,
  caller: ModernCaller,
  onEnd: () => void,
): ModernExchange | undefined {
  const rejection = options.check(message, headerLookup(req), caller);
  if (rejection) {
    sendRejection(res, message.id, rejection);
    return undefined;
  }
  return new ModernExchange(res, options, onEnd);
}
