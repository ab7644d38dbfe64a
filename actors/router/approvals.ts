/**
 * The routes' `Approvals` (actors/routes/approval.ts) for the config in force: which tool calls
 * need the user's approval (`mcpMux.approve` over exposed names, a server's `approve` over its
 * own names, `mcpMux.approveDestructive` over the tools' `destructiveHint` annotation), and what
 * asking needs (the `requestState` sealer with the bridge's key, a nonce ledger, the sessions'
 * remembered approvals, the observer). Undefined when the config asks for no approval, so a
 * routed call pays one property read.
 */
import type { SchedulerLike } from 'rxjs';
import { type Catalog, matchesFilter } from '../../core/catalog/index.js';
import type { RouterConfig } from '../../core/config/index.js';
import { NonceLedger, RequestStateSealer } from '../../core/mcp/index.js';
import { outcomeOf, type RouterObserver } from '../../core/observe/index.js';
import type { ClientSession } from '../downstream/index.js';
import type { Approvals } from '../routes/index.js';

export interface ApprovalParts {
  readonly config: () => RouterConfig;
  readonly catalog: Catalog;
  readonly scheduler: SchedulerLike;
  /** The `requestState` key (the bridge's). */
  readonly key: Buffer;
  readonly observer: RouterObserver | undefined;
}

const DEFAULT_TTL_MS = 120_000;
/** Exposed names whose glob decision is kept (then the table starts afresh). */
const MAX_NAMES = 4096;

/** A function that reads the `Approvals` of the config in force (cached per config). */
export function approvalsOf(parts: ApprovalParts): () => Approvals | undefined {
  const sealer = new RequestStateSealer(parts.key);
  const ledger = new NonceLedger();
  const remembered = new WeakMap<ClientSession, Set<string>>();
  const destructive = destructiveTools(parts.catalog);
  let from: RouterConfig | undefined;
  let current: Approvals | undefined;
  return () => {
    const config = parts.config();
    if (config === from) return current;
    from = config;
    const serverGlobs = new Map(
      config.upstreams.flatMap((u) => (u.approve?.length ? [[u.name, u.approve] as const] : [])),
    );
    const mux = config.approve?.length ? { allow: config.approve } : undefined;
    const askDestructive = config.approveDestructive === true;
    if (!mux && serverGlobs.size === 0 && !askDestructive) {
      current = undefined;
      return current;
    }
    const { observer, scheduler } = parts;
    // Whether the globs ask, by exposed name (it names its upstream and tool in one config):
    // the same few names come back on every call.
    const byGlobs = new Map<string, boolean>();
    const globsAsk = (upstream: string, original: string, exposed: string): boolean => {
      let asks = byGlobs.get(exposed);
      if (asks === undefined) {
        const globs = serverGlobs.get(upstream);
        asks =
          (mux !== undefined && matchesFilter(exposed, mux)) ||
          (globs !== undefined && matchesFilter(original, { allow: globs }));
        if (byGlobs.size >= MAX_NAMES) byGlobs.clear();
        byGlobs.set(exposed, asks);
      }
      return asks;
    };
    current = {
      needs(upstream, original, exposed) {
        if (globsAsk(upstream, original, exposed)) return true;
        return askDestructive && destructive().has(exposed);
      },
      fallback: config.approveFallback ?? 'deny',
      remember: config.approveRemember ?? 'none',
      redact: config.approveRedact,
      ttlMs: config.inputRequiredTtlMs ?? DEFAULT_TTL_MS,
      scheduler,
      now: () => scheduler.now(),
      seal: (claims) => sealer.seal(claims),
      open: (state, expected) => sealer.open(state, expected),
      claim: (nonce, expiresAt, now) => ledger.claim(nonce, expiresAt, now),
      remembered(session) {
        let set = remembered.get(session);
        if (!set) {
          set = new Set();
          remembered.set(session, set);
        }
        return set;
      },
      decided: (upstream, decision) => observer?.approval?.(upstream, decision),
      declined(call, caller, error) {
        if (!observer) return;
        const params = { ...call.params, name: call.original };
        const watch = observer.request(call.upstream, call.method, call.original, params, caller);
        if (error === undefined) watch.end('declined');
        else watch.end(outcomeOf(error), error);
      },
    };
    return current;
  };
}

/** The exposed names of the tools annotated `destructiveHint: true`, per catalog version. */
function destructiveTools(catalog: Catalog): () => ReadonlySet<string> {
  let version = -1;
  let names: ReadonlySet<string> = new Set();
  return () => {
    const now = catalog.versionOf('tools');
    if (now === version) return names;
    version = now;
    const found = new Set<string>();
    for (const tool of catalog.list('tools')) {
      const annotations = tool.annotations as { destructiveHint?: unknown } | undefined;
      if (annotations?.destructiveHint === true && typeof tool.name === 'string') {
        found.add(tool.name);
      }
    }
    names = found;
    return names;
  };
}
