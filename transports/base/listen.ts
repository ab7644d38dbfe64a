/** Starts a `node:http` server listening; rejects with the listen error (EADDRINUSE…). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}
