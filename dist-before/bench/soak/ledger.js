/**
 * The soak's book of every request on the wire, per client session: what each client sent
 * and what came back, read at the transport (below the SDK, which drops what it no longer
 * waits for). From it: lost (a request with no response, unless the soak itself cancelled
 * it, or the client's HTTP exchange failed: the client was told), duplicated (two responses for one id, or a response to an id never sent), and leaks
 * (a message on a session of a principal who may not use the upstream it came from).
 */
/** The reason the soak gives when it cancels: cancels with another reason (SDK timeouts) count. */
export const SOAK_CANCEL = 'soak-cancel';
/** Every upstream of the soak, for `heard`. */
const UPSTREAMS = ['a', 'b', 'ask', 'c'];
export class Ledger {
    sessions = [];
    /**
     * Wraps `transport` (before `connect`, so `initialize` is booked too). `denied` names the
     * upstreams this session's principal may not use: anything of theirs on its wire is a leak.
     */
    watch(name, transport, denied = []) {
        const book = {
            name,
            sent: new Map(),
            responses: new Map(),
            cancelled: new Set(),
            failedSends: new Map(),
            unknownResponses: 0,
            leaks: [],
            heard: new Map(),
        };
        this.sessions.push(book);
        const send = transport.send.bind(transport);
        transport.send = (raw, options) => {
            const message = raw;
            if (message.method !== undefined && message.id !== undefined) {
                book.sent.set(message.id, { method: message.method, at: Date.now() });
            }
            else if (message.method === 'notifications/cancelled') {
                const reason = String(message.params?.reason ?? '');
                const id = message.params?.requestId;
                if (id !== undefined && reason.includes(SOAK_CANCEL))
                    book.cancelled.add(id);
            }
            const sending = send(raw, options);
            const id = message.method !== undefined ? message.id : undefined;
            if (id === undefined)
                return sending;
            return sending.catch((error) => {
                const cause = error.cause?.code;
                book.failedSends.set(id, String(cause ?? error.message).slice(0, 60));
                throw error;
            });
        };
        let deliver;
        const record = (raw, extra) => {
            const message = raw;
            if (message.method === undefined && message.id !== undefined) {
                if (!book.sent.has(message.id))
                    book.unknownResponses++;
                book.responses.set(message.id, (book.responses.get(message.id) ?? 0) + 1);
            }
            const source = sourceOf(message, UPSTREAMS);
            if (source !== undefined)
                book.heard.set(source, (book.heard.get(source) ?? 0) + 1);
            const leak = denied.length > 0 ? leakOf(message, denied) : undefined;
            if (leak !== undefined && book.leaks.length < 20)
                book.leaks.push(leak);
            else if (leak !== undefined)
                book.leaks.push('…');
            deliver?.(raw, extra);
        };
        Object.defineProperty(transport, 'onmessage', {
            configurable: true,
            get: () => (deliver ? record : undefined),
            set: (fn) => {
                deliver = fn;
            },
        });
        return book;
    }
    /** Requests sent more than `graceMs` ago with no response and not cancelled by the soak. */
    lost(graceMs, now = Date.now()) {
        const out = [];
        for (const book of this.sessions) {
            for (const [id, { method, at }] of book.sent) {
                if (book.responses.has(id) || book.cancelled.has(id) || book.failedSends.has(id))
                    continue;
                if (now - at < graceMs)
                    continue;
                out.push({ session: book.name, id, method });
            }
        }
        return out;
    }
    /** Requests whose exchange failed (refused or reset connection), by cause. */
    failedSends() {
        const out = {};
        for (const book of this.sessions) {
            for (const cause of book.failedSends.values())
                out[cause] = (out[cause] ?? 0) + 1;
        }
        return out;
    }
    /** Ids answered more than once, plus responses to ids never sent. */
    duplicated() {
        let count = 0;
        for (const book of this.sessions) {
            for (const n of book.responses.values())
                if (n > 1)
                    count += n - 1;
            count += book.unknownResponses;
        }
        return count;
    }
    leaks() {
        return this.sessions.flatMap((book) => book.leaks.map((leak) => `${book.name}: ${leak}`));
    }
    /** Notifications heard from each upstream by the sessions whose name starts with `prefix`. */
    heard(prefix) {
        const out = {};
        for (const book of this.sessions) {
            if (!book.name.startsWith(prefix))
                continue;
            for (const [upstream, n] of book.heard)
                out[upstream] = (out[upstream] ?? 0) + n;
        }
        return out;
    }
    /** Requests on the wire and how many were answered, over every session. */
    totals() {
        let sent = 0;
        let answered = 0;
        let cancelled = 0;
        for (const book of this.sessions) {
            sent += book.sent.size;
            answered += book.responses.size;
            cancelled += book.cancelled.size;
        }
        return { sent, answered, cancelled };
    }
}
/** The upstream a log message (by logger) or resource update (by URI scheme) comes from. */
export function sourceOf(message, upstreams) {
    if (message.method === undefined || message.id !== undefined)
        return undefined;
    const params = message.params ?? {};
    const logger = typeof params.logger === 'string' ? params.logger : '';
    const uri = typeof params.uri === 'string' ? params.uri : '';
    return upstreams.find((u) => logger === u || logger.startsWith(`${u}/`) || uri.startsWith(`${u}://`));
}
/**
 * What in `message` comes from a denied upstream: a log message whose logger is the upstream
 * (or below it), a resource update of its URI scheme, a server request (Bob's own upstream
 * asks nothing), or a namespaced name or URI of it anywhere in a notification.
 */
export function leakOf(message, denied) {
    if (message.method === undefined)
        return undefined;
    if (message.id !== undefined)
        return `server request ${message.method}`;
    const params = message.params ?? {};
    const logger = typeof params.logger === 'string' ? params.logger : undefined;
    const uri = typeof params.uri === 'string' ? params.uri : undefined;
    for (const upstream of denied) {
        if (logger === upstream || logger?.startsWith(`${upstream}/`)) {
            return `${message.method} from logger ${logger}`;
        }
        if (uri?.startsWith(`${upstream}://`))
            return `${message.method} of ${uri}`;
        const text = JSON.stringify(params);
        if (text.includes(`"${upstream}__`) || text.includes(`"${upstream}://`)) {
            return `${message.method} naming ${upstream}: ${text.slice(0, 200)}`;
        }
    }
    return undefined;
}
//# sourceMappingURL=ledger.js.map