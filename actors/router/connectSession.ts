/**
 * One downstream client attached to the router (`Router.connect`): its `DownstreamSession`,
 * with the principal the embedder names (over the transport's own), told to the observer and
 * `events$`, and cleaned out of the router's parts when it closes.
 */
import type { Principal } from '../../core/auth/index.js';
import type { Transport } from '../../core/rpc/index.js';
import { DownstreamSession } from '../downstream/index.js';
import type { RouterParts } from './parts.js';

/** `Router.connect`'s second argument (a string is still the `transport` label alone). */
export interface ConnectOptions {
  /**
   * Who the client is: access rules, limits and audit read it as they read a bearer token's
   * principal. Replaces the transport's own (an authenticated listener's). Default: the
   * transport's, none on stdio and memory pairs.
   */
  readonly principal?: Principal | undefined;
  /** Its label in metrics and events (`stdio`, `http`, `sse`, `ws`, …; default `other`). */
  readonly transport?: string;
  /**
   * The profile (`mcpMux.profiles`) the client is in: it lists, calls and receives only that
   * part of the router. Default: the transport's (`/mcp/<name>`), else none (everything).
   * A name no profile has (or that a reload removed) shows nothing.
   */
  readonly profile?: string | undefined;
}

export interface SessionSlot {
  readonly id: string;
  readonly sessions: Set<DownstreamSession>;
  /** Shutting down: the session is closed at once, never added. */
  readonly draining: boolean;
}

export function connectSession(
  parts: RouterParts,
  transport: Transport,
  options: ConnectOptions,
  slot: SessionSlot,
): DownstreamSession {
  const session = new DownstreamSession(
    parts.sessionHost,
    transport,
    slot.id,
    options.principal,
    options.profile,
  );
  if (slot.draining) {
    void session.close(); // shutting down: not accepted
    return session;
  }
  const kind = options.transport ?? 'other';
  slot.sessions.add(session);
  void parts.logging.opened(session);
  const { observer, events } = parts;
  if (observer) observer.sessionOpened(session, kind);
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
      void parts.logging.closed(session);
    })
    .catch(() => {});
  return session;
}
