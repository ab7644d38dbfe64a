/**
 * `mcp-mux login <server> --config F`: the interactive authorization of one OAuth upstream.
 * Probes the server for its challenge, discovers its authorization server, registers if
 * needed, prints the authorization URL on stderr (the user opens it in a browser), waits for
 * the redirect on the loopback listener of the redirect URI, exchanges the code and stores the
 * tokens in the server's token file (0600). The running router then uses and refreshes them.
 * `--logout` forgets the stored credentials instead. Nothing goes to stdout.
 */
import type { RouterConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';
export declare function login(config: RouterConfig, server: string | undefined, options: {
    log: Logger;
    logout?: boolean;
    timeoutMs?: number;
}): Promise<number>;
