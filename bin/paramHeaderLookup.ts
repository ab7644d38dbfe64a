/**
 * The `x-mcp-header` annotations of the tools the router exposes, by exposed name: what the
 * HTTP facades check a modern `tools/call`'s `Mcp-Param-*` headers against
 * (core/mcp/paramHeaderCheck.ts). Rebuilt when the tools change (or a reload replaced the
 * catalog); tools whose annotations break the rules have none (they are not checked here).
 */
import {
  checkModernHeaders,
  checkParamHeaders,
  type HeaderLookup,
  type HttpRejection,
  type ParamHeader,
  type ParamHeaderLookup,
  paramHeadersOf,
} from '../core/mcp/index.js';
import type { JsonObject } from '../core/rpc/index.js';
import type { Router } from '../index.js';

export function paramHeaderLookup(router: Router): ParamHeaderLookup {
  let catalog: Router['catalog'] | undefined;
  let version = -1;
  let byName = new Map<string, readonly ParamHeader[]>();
  return (tool) => {
    const current = router.catalog;
    const now = current.versionOf('tools');
    if (current !== catalog || now !== version) {
      catalog = current;
      version = now;
      byName = new Map();
      for (const item of current.list('tools')) {
        const found = paramHeadersOf(item.inputSchema);
        if (found.ok && found.headers.length > 0 && typeof item.name === 'string') {
          byName.set(item.name, found.headers);
        }
      }
    }
    return byName.get(tool);
  };
}

/** The facade's modern header checks: the default ones, then the tool's `Mcp-Param-*`. */
export function modernHeaderChecks(
  router: Router,
): (message: JsonObject, header: HeaderLookup) => HttpRejection | undefined {
  const lookup = paramHeaderLookup(router);
  return (message, header) =>
    checkModernHeaders(message, header) ?? checkParamHeaders(message, header, lookup);
}
