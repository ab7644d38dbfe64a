/**
 * The load generator's JSON-RPC core: ids, the pending map and message encoding, shared by
 * the stdio, Streamable HTTP and WebSocket clients. Hand-written so that the client is never
 * the bottleneck: params can be encoded once (`encodeParams`) and spliced into every request
 * as a string, and only the response envelope is looked at.
 */

export type Json = Record<string, unknown>;

/** Params serialized once and reused for every request of a run. */
export class EncodedParams {
  constructor(readonly json: string) {}
}

export const encodeParams = (params: Json): EncodedParams =>
  new EncodedParams(JSON.stringify(params));

export type Params = Json | EncodedParams;

/** A JSON-RPC error answer from the peer. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/**
 * One message's text. `meta`: the JSON text of a `_meta` object put first in `params` (a
 * 2026-07-28 client's per-request context, `RpcClient.meta`); the params must not hold one.
 */
export function encodeMessage(
  id: number | undefined,
  method: string,
  params?: Params,
  meta?: string,
): string {
  let json =
    params === undefined
      ? undefined
      : params instanceof EncodedParams
        ? params.json
        : JSON.stringify(params);
  if (meta !== undefined) {
    const rest = json === undefined || /^\{\s*\}$/.test(json) ? '}' : `,${json.slice(1)}`;
    json = `{"_meta":${meta}${rest}`;
  }
  const p = json === undefined ? '' : `,"params":${json}`;
  const head = id === undefined ? '{"jsonrpc":"2.0"' : `{"jsonrpc":"2.0","id":${id}`;
  return `${head},"method":${JSON.stringify(method)}${p}}`;
}

/** The `_meta` a 2026-07-28 client sends with every request (no `initialize`). */
export const modernMeta = (clientName: string): string =>
  JSON.stringify({
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: clientName, version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  });

interface Pending {
  resolve(result: Json): void;
  reject(error: Error): void;
}

export abstract class RpcClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedWith: Error | undefined;
  /** Server-to-client notifications (progress, list changes). */
  onNotification: ((message: Json) => void) | undefined;
  /** A 2026-07-28 client: the `_meta` text every request carries (`modernMeta`). */
  meta: string | undefined;

  /** Puts one encoded message on the wire; `id` is set for requests. */
  protected abstract sendText(text: string, id: number | undefined): void;
  abstract close(): Promise<void>;

  get inFlight(): number {
    return this.pending.size;
  }

  request(method: string, params?: Params): Promise<Json> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const text = encodeMessage(id, method, params, this.meta);
    return new Promise<Json>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.sendText(text, id);
    });
  }

  notify(method: string, params?: Params): void {
    if (!this.closedWith) this.sendText(encodeMessage(undefined, method, params), undefined);
  }

  /** Feeds one parsed inbound value (message or batch). */
  protected receive(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) this.receive(v);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const m = value as Json;
    if (typeof m.method === 'string') {
      if ('id' in m) this.answerServerRequest(m);
      else this.onNotification?.(m);
      return;
    }
    if (typeof m.id !== 'number') return;
    const entry = this.pending.get(m.id);
    if (!entry) return;
    this.pending.delete(m.id);
    const error = m.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (error) {
      entry.reject(
        new RpcError(Number(error.code), String(error.message ?? 'error'), error.data ?? undefined),
      );
    } else entry.resolve((m.result ?? {}) as Json);
  }

  protected receiveText(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    this.receive(value);
  }

  /** Fails one request (transport-level error for that request). */
  protected failOne(id: number, error: Error): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.reject(error);
  }

  /** Fails everything in flight and every later request. */
  protected failAll(error: Error): void {
    this.closedWith ??= error;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const e of entries) e.reject(error);
  }

  private answerServerRequest(m: Json): void {
    const id = JSON.stringify(m.id);
    const body =
      m.method === 'ping'
        ? `{"jsonrpc":"2.0","id":${id},"result":{}}`
        : `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`;
    this.sendText(body, undefined);
  }
}
