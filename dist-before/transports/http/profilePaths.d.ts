/**
 * Profile paths of the HTTP facade: `<path>/<name>` (Streamable HTTP) and `<ssePath>/<name>` +
 * `<messagesPath>/<name>` (legacy HTTP+SSE) for every name `hasProfile` accepts. Each profile
 * gets its own servers, made on first use: its sessions are its own (a session id of another
 * path is unknown here, 404), and every transport they hand out carries `profile` before it
 * reaches `connections$`. The facade only labels; what a profile shows is the router's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Observable } from 'rxjs';
import type { Transport } from '../../core/rpc/index.js';
import type { Protection } from './protection.js';
import type { SseServer } from './sseServer.js';
import type { StreamableHttpServer } from './streamableHttpServer.js';
export interface ProfilePathOptions {
    path: string;
    ssePath: string;
    messagesPath: string;
    legacy: boolean;
    /** Whether `name` is a profile (asked at each request: a reload may add or remove one). */
    hasProfile: (name: string) => boolean;
    streamable: () => StreamableHttpServer;
    /** A legacy SSE server whose `endpoint` event names `messagesPath`. */
    sse: (messagesPath: string) => SseServer;
}
export declare class ProfilePaths {
    #private;
    readonly connections$: Observable<Transport>;
    constructor(options: ProfilePathOptions);
    /** The profile route of `pathname`, if it is one: which server and the profile's name. */
    match(pathname: string): {
        kind: 'mcp' | 'sse' | 'messages';
        name: string;
    } | undefined;
    /** Serves a matched profile request; false when no such profile (the caller answers 404). */
    handle(route: {
        kind: 'mcp' | 'sse' | 'messages';
        name: string;
    }, req: IncomingMessage, res: ServerResponse, url: URL, protection: Protection): Promise<boolean>;
    close(): Promise<void>;
}
