/**
 * The load generator's JSON-RPC core: ids, the pending map and message encoding, shared by
 * the stdio, Streamable HTTP and WebSocket clients. Hand-written so that the client is never
 * the bottleneck: params can be encoded once (`encodeParams`) and spliced into every request
 * as a string, and only the response envelope is looked at.
 */
/** Params serialized once and reused for every request of a run. */
export class EncodedParams {
    json;
    constructor(json) {
        this.json = json;
    }
}
export const encodeParams = (params) => new EncodedParams(JSON.stringify(params));
/** A JSON-RPC error answer from the peer. */
export class RpcError extends Error {
    code;
    data;
    constructor(code, message, data) {
        super(message);
        this.code = code;
        this.data = data;
        this.name = 'RpcError';
    }
}
export function encodeMessage(id, method, params) {
    const p = params === undefined
        ? ''
        : `,"params":${params instanceof EncodedParams ? params.json : JSON.stringify(params)}`;
    const head = id === undefined ? '{"jsonrpc":"2.0"' : `{"jsonrpc":"2.0","id":${id}`;
    return `${head},"method":${JSON.stringify(method)}${p}}`;
}
export class RpcClient {
    nextId = 1;
    pending = new Map();
    closedWith;
    /** Server-to-client notifications (progress, list changes). */
    onNotification;
    get inFlight() {
        return this.pending.size;
    }
    request(method, params) {
        if (this.closedWith)
            return Promise.reject(this.closedWith);
        const id = this.nextId++;
        const text = encodeMessage(id, method, params);
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject });
            this.sendText(text, id);
        });
    }
    notify(method, params) {
        if (!this.closedWith)
            this.sendText(encodeMessage(undefined, method, params), undefined);
    }
    /** Feeds one parsed inbound value (message or batch). */
    receive(value) {
        if (Array.isArray(value)) {
            for (const v of value)
                this.receive(v);
            return;
        }
        if (typeof value !== 'object' || value === null)
            return;
        const m = value;
        if (typeof m.method === 'string') {
            if ('id' in m)
                this.answerServerRequest(m);
            else
                this.onNotification?.(m);
            return;
        }
        if (typeof m.id !== 'number')
            return;
        const entry = this.pending.get(m.id);
        if (!entry)
            return;
        this.pending.delete(m.id);
        const error = m.error;
        if (error) {
            entry.reject(new RpcError(Number(error.code), String(error.message ?? 'error'), error.data ?? undefined));
        }
        else
            entry.resolve((m.result ?? {}));
    }
    receiveText(text) {
        let value;
        try {
            value = JSON.parse(text);
        }
        catch {
            return;
        }
        this.receive(value);
    }
    /** Fails one request (transport-level error for that request). */
    failOne(id, error) {
        const entry = this.pending.get(id);
        if (!entry)
            return;
        this.pending.delete(id);
        entry.reject(error);
    }
    /** Fails everything in flight and every later request. */
    failAll(error) {
        this.closedWith ??= error;
        const entries = [...this.pending.values()];
        this.pending.clear();
        for (const e of entries)
            e.reject(error);
    }
    answerServerRequest(m) {
        const id = JSON.stringify(m.id);
        const body = m.method === 'ping'
            ? `{"jsonrpc":"2.0","id":${id},"result":{}}`
            : `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`;
        this.sendText(body, undefined);
    }
}
//# sourceMappingURL=rpcClient.js.map