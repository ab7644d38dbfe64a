/** Starting a listener (transports/base/listen.ts): the address it got, or the listen error. */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../../transports/base/listen.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('listen', () => {
  it('resolves with the bound address (port 0: a free one)', async () => {
    const server = createServer();
    servers.push(server);
    const address = await listen(server, 0, '127.0.0.1');
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).toBeGreaterThan(0);
    expect(server.listening).toBe(true);
  });

  it('rejects with EADDRINUSE for a taken port, and leaves no error listener behind', async () => {
    const first = createServer();
    servers.push(first);
    const { port } = await listen(first, 0, '127.0.0.1');
    const second = createServer();
    servers.push(second);
    await expect(listen(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(second.listening).toBe(false);
    // A successful listen removes its one-shot error listener.
    const third = createServer();
    servers.push(third);
    const before = third.listenerCount('error');
    await listen(third, 0, '127.0.0.1');
    expect(third.listenerCount('error')).toBe(before);
  });
});
