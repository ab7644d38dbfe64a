/** A client transport's traffic, recorded for assertions on what went over the wire. */

export interface Recorded {
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
  send(message: unknown, options?: unknown): Promise<void>;
}

/** Records what the client sends and receives (wraps the transport's hooks). */
export function record(transport: Recorded) {
  const sent: unknown[] = [];
  const wire: unknown[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent.push(message);
    return send(message, options);
  };
  let deliver: Recorded['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    get: () =>
      deliver
        ? (m: unknown, e?: unknown) => {
            wire.push(m);
            deliver?.(m, e);
          }
        : undefined,
    set: (fn) => {
      deliver = fn;
    },
  });
  return { sent, wire };
}
