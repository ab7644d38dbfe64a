/**
 * `logging/setLevel`: stored in the session's request context; the shared upstreams are asked
 * for the most verbose level any session wants (router/logLevels.ts). The answer waits until
 * they have been asked (bounded by their timeouts; a failure is logged, not returned), so
 * messages at the new level can follow right after the response. Setting a level is also
 * what opts a session in to a shared upstream's messages whose cause cannot be told
 * (router/logLevels.ts, `logRecipients`).
 */
import { defer, from, map } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { isLoggingLevel, LOGGING_LEVELS } from '../../core/mcp/index.js';
import { type Route, result } from './shared.js';

export const setLevelRoute: Route = (host, request, caller) =>
  defer(() => {
    const level = request.params?.level;
    if (!isLoggingLevel(level)) {
      throw new RpcError(
        ErrorCode.InvalidParams,
        `logging/setLevel: params.level must be one of ${LOGGING_LEVELS.join(', ')}`,
        { level },
      );
    }
    if (!caller.session) {
      throw new RpcError(ErrorCode.InvalidRequest, 'logging/setLevel needs a session');
    }
    caller.session.setLogLevel(level);
    return from(host.syncLogLevels(caller.session)).pipe(map(() => result({})));
  });
