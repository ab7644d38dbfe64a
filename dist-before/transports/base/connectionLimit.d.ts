/**
 * A bound on the TCP connections one listener keeps open. Every accepted
 * socket holds a file descriptor until it closes, idle ones included; without a bound a client
 * can use them all, and then spawning a stdio upstream fails with EMFILE. A connection past
 * the bound gets a plain `503` and is closed at once, before any request is read.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../core/log/index.js';
/** Default open connections per listener. */
export declare const DEFAULT_MAX_CONNECTIONS = 1024;
/** A complete HTTP/1.1 error answer with a JSON-RPC error body, for raw sockets. */
export declare function rawHttpError(status: number, message: string, headers?: Record<string, string>): string;
/** Whether `socket` was refused by the limit (its requests must not be answered again). */
export declare function isRefused(socket: Duplex): boolean;
/** Counts `server`'s open connections and refuses those past `max` with 503. */
export declare function limitConnections(server: Server, max: number, log: Logger): void;
/**
 * Malformed HTTP (a bad request line or header, a body the parser cannot frame) is answered
 * like everything else: a 400 with a JSON-RPC error body, then the connection is closed.
 * (Node's default writes a bare 400.) Sockets that already broke are just destroyed.
 */
export declare function answerMalformedRequests(server: Server): void;
