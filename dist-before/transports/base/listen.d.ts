/** Starts a `node:http` server listening; rejects with the listen error (EADDRINUSE…). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
export declare function listen(server: Server, port: number, host: string): Promise<AddressInfo>;
