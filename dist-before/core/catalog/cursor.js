/**
 * Opaque facade cursors, sealed and bound to their list and caller. A cursor is
 * `base64url(JSON [kind, offset, version]) "." base64url(MAC)`: the list kind, the offset of the
 * next page in the merged list, the catalog version it was issued at, and a 128-bit
 * HMAC-SHA256 over that payload and the principal it was issued to. The principal is not in the
 * payload (the caller proves it on every request), so a cursor from another principal fails
 * verification like a modified one, and says nothing about who it was issued to.
 *
 * The MAC key is derived from the router's `requestState` key (core/mcp/requestState.ts
 * `stateKey`) for this one purpose, so instances that share `requestStateKey` accept each
 * other's cursors and a cursor MAC never validates as anything else.
 *
 * Invalid cursors are JSON-RPC -32602 (Invalid params), as the pagination spec asks. A cursor
 * from an older version is refused too: the merged list may have shifted under its offset, so
 * it could skip or repeat items; the client lists again from the start.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, RpcError } from '../errors/index.js';
/** The list method a kind belongs to, for messages a user can act on. */
const METHOD = {
    tools: 'tools/list',
    prompts: 'prompts/list',
    resources: 'resources/list',
    resourceTemplates: 'resources/templates/list',
};
/** Real cursors are ~50 characters; anything far longer is not ours. */
const MAX_CURSOR_LENGTH = 256;
const SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Bytes of the HMAC kept: 128 bits is ample for an online forgery and keeps cursors short. */
const MAC_BYTES = 16;
const invalid = (kind, reason) => new RpcError(ErrorCode.InvalidParams, `Invalid cursor for ${METHOD[kind]}: ${reason}`);
const NOT_OURS = 'not a cursor issued by this server';
/** Seals and opens cursors with one key; `principal` is '' when nobody is authenticated. */
export class CursorSealer {
    #key;
    /** `key`: the router's `requestState` key; the cursor key is derived from it. */
    constructor(key) {
        this.#key = createHmac('sha256', key).update('mcp-mux cursor v1').digest();
    }
    seal(position, principal) {
        const payload = Buffer.from(JSON.stringify([position.kind, position.offset, position.version]), 'utf8').toString('base64url');
        return `${payload}.${this.#mac(payload, principal)}`;
    }
    /**
     * The offset a cursor points at. `length`, when given, is the current list length: an offset
     * at or past it is out of range.
     * @throws RpcError(-32602) when the cursor is not a string, not one of ours, modified, issued
     *   to another principal, for another list, out of range, or stale (the catalog changed).
     */
    open(cursor, expected) {
        const { kind } = expected;
        if (typeof cursor !== 'string') {
            throw invalid(kind, `expected a string, got ${cursor === null ? 'null' : typeof cursor}`);
        }
        if (cursor.length > MAX_CURSOR_LENGTH || !SHAPE.test(cursor))
            throw invalid(kind, NOT_OURS);
        const dot = cursor.indexOf('.');
        const payload = cursor.slice(0, dot);
        // Compared as text: base64 has several spellings of the same bytes, only ours is valid.
        const given = Buffer.from(cursor.slice(dot + 1));
        const mac = Buffer.from(this.#mac(payload, expected.principal));
        if (given.length !== mac.length || !timingSafeEqual(given, mac)) {
            throw invalid(kind, `${NOT_OURS} to this client (modified, issued to another principal, or by an earlier run)`);
        }
        const position = decode(payload);
        if (!position)
            throw invalid(kind, NOT_OURS);
        const [k, o, v] = position;
        if (k !== kind) {
            const other = METHOD[k] ?? 'another list';
            throw invalid(kind, `it was issued by ${other}`);
        }
        if (!Number.isSafeInteger(o) || o < 0)
            throw invalid(kind, `offset ${o} is out of range`);
        // Stale before range: after a change the old offset may be past the end, but "the list
        // changed" is the message a client can act on.
        if (v !== expected.version) {
            throw invalid(kind, 'the list changed since this cursor was issued; list again from the start');
        }
        if (expected.length !== undefined && o >= expected.length) {
            throw invalid(kind, `offset ${o} is out of range`);
        }
        return o;
    }
    /** The MAC of `payload` for `principal`: the payload has no '.', so the split is unambiguous. */
    #mac(payload, principal) {
        return createHmac('sha256', this.#key)
            .update(`${payload}.${principal}`)
            .digest()
            .subarray(0, MAC_BYTES)
            .toString('base64url');
    }
}
function decode(payload) {
    try {
        const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (!Array.isArray(value) || value.length !== 3)
            return undefined;
        const [k, o, v] = value;
        if (typeof k !== 'string' || typeof o !== 'number' || typeof v !== 'number')
            return undefined;
        return [k, o, v];
    }
    catch {
        return undefined;
    }
}
/**
 * One page of `items` starting at the request's cursor, with the sealed cursor of the next page
 * when there is one (never a cursor for the end of a list).
 * @throws RpcError(-32602) for an invalid, foreign or stale cursor (see `CursorSealer.open`).
 */
export function paginate(items, request, cursors) {
    const { kind, version, principal } = request;
    const offset = request.cursor === undefined
        ? 0
        : cursors.open(request.cursor, { kind, principal, version, length: items.length });
    const size = Math.max(1, Math.floor(request.pageSize) || 1);
    const end = offset + size;
    const page = items.slice(offset, end);
    if (end >= items.length)
        return { page };
    return { page, nextCursor: cursors.seal({ kind, offset: end, version }, principal) };
}
//# sourceMappingURL=cursor.js.map