import { DownstreamSession } from '../downstream/index.js';
export function connectSession(parts, transport, options, slot) {
    const session = new DownstreamSession(parts.sessionHost, transport, slot.id, options.principal, options.profile);
    if (slot.draining) {
        void session.close(); // shutting down: not accepted
        return session;
    }
    const kind = options.transport ?? 'other';
    slot.sessions.add(session);
    void parts.logging.sync();
    const { observer, events } = parts;
    if (observer)
        observer.sessionOpened(session, kind);
    if (events.active) {
        const principal = session.identity;
        events.emit({
            type: 'session.opened',
            sessionId: session.id,
            transport: kind,
            ...(principal === undefined ? {} : { principal }),
        });
    }
    // Always: a subscriber of `events$` may come after the session opened.
    session.connection.closed$.subscribe((reason) => {
        observer?.sessionClosed(session, reason.kind);
        events.emit({ type: 'session.closed', sessionId: session.id, reason: reason.kind });
    });
    session.closed
        .then(() => {
        slot.sessions.delete(session);
        parts.subscriptions.dropSession(session);
        parts.tasks.dropOwner(session);
        void parts.logging.sync();
    })
        .catch(() => { });
    return session;
}
//# sourceMappingURL=connectSession.js.map