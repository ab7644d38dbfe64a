/**
 * The `x-mcp-header` annotations of the tools the router exposes, by exposed name: what the
 * HTTP facades check a modern `tools/call`'s `Mcp-Param-*` headers against
 * (core/mcp/paramHeaderCheck.ts). Rebuilt when the tools change (or a reload replaced the
 * catalog); tools whose annotations break the rules have none (they are not checked here).
 */

import type { Principal } from '../core/auth/index.js';
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

/**
 * The facade's modern header checks: the default ones, then the tool's `Mcp-Param-*` — of a tool
 * the caller can see (its access rules and profile). Another tool's annotations are not
 * checked: its call is refused as unknown, and a header mismatch must not tell the caller
 * that a tool it cannot see exists.
 */
export function modernHeaderChecks(
  router: Router,
): (
  message: JsonObject,
  header: HeaderLookup,
  caller?: { identity?: Principal | undefined; profile?: string | undefined },
) => HttpRejection | undefined {
  const lookup = paramHeaderLookup(router);
  return (message, header, caller = {}) =>
    checkModernHeaders(message, header) ??
    checkParamHeaders(message, header, (tool) => {
      const annotated = lookup(tool);
      return annotated !== undefined && router.sees('tools', tool, caller) ? annotated : undefined;
    });
}
