/**
 * The legacy HTTP+SSE endpoints (2024-11-05): `GET /sse` opens a session's stream and first
 * sends an `endpoint` event naming `/messages?sessionId=<id>`; `POST` there delivers one
 * message (or batch) and is answered 202, the replies travel on the stream.
 */
import { randomUUID } from 'node:crypto';
import { Subject } from 'rxjs';
import { sameRights } from '../../core/auth/index.js';
import { ErrorCode } from '../../core/errors/index.js';
import { silentLogger } from '../../core/log/index.js';
import { PrincipalLimit } from './principalLimit.js';
import { OTHER_RIGHTS, sendJsonRpcError } from './protection.js';
import { SseSession } from './sseSession.js';
import { formatSseEvent, SseWriter } from './sseWriter.js';
export class SseServer {
    #connections = new Subject();
    connections$ = this.#connections.asObservable();
    #sessions = new Map();
    /** The principal (`Protection.principalOf`) that opened each session's stream, with its rights. */
    #owners = new Map();
    #options;
    #log;
    #perPrincipal;
    constructor(options = {}) {
        this.#options = options;
        this.#log = options.log ?? silentLogger;
        this.#perPrincipal = new PrincipalLimit(options.maxSessionsPerPrincipal);
    }
    /** Open sessions per principal, else remote address (stats and tests). */
    sessionsPerPrincipal() {
        return this.#perPrincipal.counts();
    }
    get sessionCount() {
        return this.#sessions.size;
    }
    /** `GET /sse`: opens a session. */
    handleStream(req, res, protection) {
        if (req.method !== 'GET') {
            sendJsonRpcError(res, 405, ErrorCode.TransportRefused, 'Method Not Allowed', {
                allow: 'GET',
            });
            return;
        }
        if (this.#sessions.size >= (this.#options.maxSessions ?? 10_000)) {
            sendJsonRpcError(res, 503, ErrorCode.TransportRefused, 'Service Unavailable: too many sessions');
            return;
        }
        const principal = protection.principalOf(req);
        const release = this.#perPrincipal.acquire(protection.limitKey(req));
        if (!release) {
            sendJsonRpcError(res, 429, ErrorCode.TransportRefused, 'Too Many Requests: too many sessions for this client');
            return;
        }
        const sessionId = randomUUID();
        const path = this.#options.messagesPath ?? '/messages';
        const endpoint = formatSseEvent({ event: 'endpoint', data: `${path}?sessionId=${sessionId}` });
        const writer = new SseWriter(res, endpoint);
        const session = new SseSession(sessionId, writer, {
            maxBufferedBytes: this.#options.maxBufferedBytes ?? 8 * 1024 * 1024,
            log: this.#log,
            onEnd: () => {
                this.#sessions.delete(sessionId);
                this.#owners.delete(sessionId);
                release();
            },
        });
        if (this.#options.maxJsonDepth !== undefined)
            session.maxJsonDepth = this.#options.maxJsonDepth;
        this.#owners.set(sessionId, principal);
        session.principal = principal;
        this.#sessions.set(sessionId, session);
        this.#log.debug('legacy SSE session opened', { session: sessionId });
        this.#connections.next(session);
    }
    /** `POST /messages?sessionId=…`: one message for a session. */
    async handleMessage(req, res, url, protection) {
        if (req.method !== 'POST') {
            sendJsonRpcError(res, 405, ErrorCode.TransportRefused, 'Method Not Allowed', {
                allow: 'POST',
            });
            return;
        }
        const sessionId = url.searchParams.get('sessionId');
        if (sessionId === null) {
            sendJsonRpcError(res, 400, ErrorCode.TransportRefused, 'Bad Request: sessionId is required');
            return;
        }
        const session = this.#sessions.get(sessionId);
        const owner = this.#owners.get(sessionId);
        const principal = protection.principalOf(req);
        // Another principal's session is "not found", like an unknown id: its existence is not revealed.
        if (!session?.isOpen || owner?.id !== principal?.id) {
            req.resume();
            sendJsonRpcError(res, 404, ErrorCode.SessionNotFound, 'Session not found');
            return;
        }
        // Its own principal with a token of other rights: the session keeps the opener's rights.
        if (!sameRights(owner, principal)) {
            req.resume();
            sendJsonRpcError(res, 403, ErrorCode.TransportRefused, OTHER_RIGHTS);
            return;
        }
        const body = await protection.readJson(req, res);
        if (!body.ok)
            return;
        res.writeHead(202, { 'content-type': 'text/plain' }).end('Accepted');
        session.receive(body.value);
    }
    async close() {
        await Promise.all([...this.#sessions.values()].map((session) => session.close()));
        this.#connections.complete();
    }
}
//# sourceMappingURL=sseServer.js.map