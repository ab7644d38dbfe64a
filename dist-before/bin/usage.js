/**
 * What the CLI says about itself: `--help` (on stdout, exit 0), the short usage that follows a
 * usage error (on stderr, exit 2), and the checks of flag values that would otherwise fail
 * silently (`--log-level`) or with Node's own message (unknown flags).
 */
import { didYouMean } from '../core/config/index.js';
import { UsageError } from './facades.js';
export const HELP = `mcp-mux — many MCP servers behind one namespaced MCP server

usage:
  mcp-mux --config FILE [options]            serve: stdio by default, or the listeners given
  mcp-mux inspect --config FILE [options]    connect to every upstream, print the merged
                                             catalog (names as clients see them, collisions,
                                             upstream health), then exit: 0 when every
                                             enabled upstream is ready, 1 otherwise
  mcp-mux status --url http://HOST:PORT [--once] [--interval-ms N]
                                             a live table of a running router's upstreams
                                             (alias: top), from its /readyz and /metrics
  mcp-mux login SERVER --config FILE [--logout]
                                             interactive OAuth login of an HTTP server with
                                             "auth": prints the URL to open on stderr, takes
                                             the redirect on a loopback listener, stores the
                                             tokens (0600); --logout forgets them
  mcp-mux --help | --version

FILE is an mcpServers config, e.g. the one your MCP client already uses (Claude Desktop,
Cursor, Cline…): client-only keys are ignored with a warning, \${VAR} and \${VAR:-default}
are expanded from the environment.

options:
  -c, --config FILE         the config file (watched: edits and SIGHUP reload it)
  --log-level LEVEL         debug, info, warn or error (stderr; default: mcpMux.logLevel, info)
  --log-format text|json    readable lines (default) or JSON lines (pino) on stderr
  --metrics HOST:PORT       /metrics, /healthz, /readyz on a listener of their own
  --no-metrics              no Prometheus metrics (health and readiness are still served)
  --audit FILE              append one JSON line per routed tool call to FILE (reopened on SIGHUP)
  --http HOST:PORT          Streamable HTTP on /mcp, legacy HTTP+SSE on /sse + /messages (repeatable)
  --http-json HOST:PORT     the same, answering each POST with one JSON body instead of SSE
  --ws HOST:PORT            WebSocket (subprotocol "mcp") on /mcp (repeatable)
  --stdio / --no-stdio      serve stdin/stdout too (default: only when no listener is given)
  --profile NAME            the stdio client (and inspect) sees only profile NAME (mcpMux.profiles)
  --token-env NAME          bearer tokens (comma-separated) from $NAME (default MCP_MUX_TOKENS)
  --allow-origin ORIGIN     accept this Origin header (repeatable; "*" = any)
  --allow-host HOST:PORT    accept this Host header (repeatable)
  --no-host-check           skip Host/Origin validation (behind a proxy that does it)
  --trust-proxy             clients without a token are counted by X-Forwarded-For (set by the
                            proxy in front), not by the proxy's address (mcpMux.trustProxy)
  --max-body-bytes N        request body limit (default 4194304)
  --max-connections N       open TCP connections per listener; more get 503 (default 1024)
  --disconnect-grace-ms N   wait for a dropped HTTP response to be resumed before cancelling (3000)
  -h, --help                this text (stdout)
  -v, --version             the version (stdout)

As a client's server (stdout carries only MCP messages):
  { "mcpServers": { "mux": { "command": "node",
      "args": ["/path/to/mcp-mux/dist/bin/mcp-mux.js", "--config", "/path/to/mcp-mux.json"] } } }

Docs: README.md and bin/README.md of mcp-mux.`;
export const USAGE = `usage: mcp-mux [inspect|login SERVER] --config FILE [options] | mcp-mux status --url URL   (mcp-mux --help for all options)`;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'];
/** `--log-level`: one of the four levels, never a silent "no logging". @throws UsageError */
export function logLevelFlag(value) {
    if (value === undefined)
        return undefined;
    if (LOG_LEVELS.includes(value))
        return value;
    throw new UsageError(`--log-level expects one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
}
/**
 * mcp-mux's own message for what `node:util` `parseArgs` refuses (an unknown flag, a missing
 * value): one line naming the flag.
 */
export function usageMessage(error, flags) {
    const message = error.message;
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
        const flag = /'([^']+)'/.exec(message)?.[1] ?? message;
        const guess = didYouMean(flag.replace(/^-+/, ''), flags);
        return `unknown option ${flag}${guess ? ` (did you mean --${guess}?)` : ''}`;
    }
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
        const flag = /'(-[^']+)'/.exec(message)?.[1];
        return flag ? `${flag.replace(/ <value>$/, '')} needs a value` : message;
    }
    if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
        const extra = /'([^']+)'/.exec(message)?.[1];
        return extra ? `unexpected argument "${extra}"` : message;
    }
    return message;
}
//# sourceMappingURL=usage.js.map