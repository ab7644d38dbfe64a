/**
 * Hot reload: applying a new config to a running router (`Router.reload`).
 *
 * The rule: upstreams are matched by name, and compared by their parsed config (a deep
 * comparison of `UpstreamConfig`, so any key counts: command, args, env, limits, filters,
 * restart policy...).
 * - enabled only in the new config → **added**;
 * - running but absent or disabled in the new config → **removed** (its tools, prompts and
 *   resources leave the catalog at once with a list_changed, then it is closed; its in-flight
 *   requests fail with -32011 naming the reason);
 * - in both with a different config → **restarted**: removed, and added again once the old
 *   connection is closed (so two copies of one server never run side by side);
 * - otherwise **untouched**: its connection, in-flight requests and catalog part stay (an
 *   untouched upstream that moved in the file has its lists re-fetched, as catalog order
 *   follows file order).
 * Sessions stay connected throughout; clients see list_changed for what left and what came.
 * Router-wide keys that would rename every exposed item (`separator`, `maxNameLength`) cannot
 * change live: such a config is rejected and the running one stays. `logLevel`,
 * `requestStateKey` and `cluster` take effect at the next start (a warning says so; a new key
 * would void every `requestState` and session id out there); the other router-wide keys are
 * read when used.
 */
import { ConfigError, type RouterConfig, type UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';

export interface ReloadResult {
  added: string[];
  removed: string[];
  restarted: string[];
  unchanged: string[];
}

/** What the router lends `reloadRouter`. */
export interface ReloadHost {
  current: RouterConfig;
  /** Names of the upstreams the router runs now. */
  running: string[];
  log: Logger;
  setConfig(config: RouterConfig): void;
  /** Creates and starts an upstream. */
  add(config: UpstreamConfig): void;
  /** Takes an upstream out of the catalog at once; resolves when it is closed. */
  remove(name: string, reason: string): Promise<void>;
  /** Re-fetches an untouched upstream's lists (its catalog order changed). */
  reorder(name: string): void;
}

export interface ReloadPlan extends ReloadResult {
  /** Untouched upstreams whose position in the file changed. */
  moved: string[];
}

const FROZEN_KEYS = ['separator', 'maxNameLength'] as const;

/** Decides what a reload does. @throws ConfigError when `next` cannot be applied live. */
export function planReload(
  current: RouterConfig,
  next: RouterConfig,
  running: string[],
): ReloadPlan {
  const frozen = FROZEN_KEYS.filter((key) => current[key] !== next[key]);
  if (frozen.length > 0) {
    throw new ConfigError(
      frozen.map((key) => ({
        path: `mcpMux.${key}`,
        reason: `cannot change while mcp-mux runs (every exposed name would change): ${JSON.stringify(current[key])} → ${JSON.stringify(next[key])}; restart mcp-mux to apply it`,
      })),
    );
  }
  const wanted = new Map(next.upstreams.filter((u) => !u.disabled).map((u) => [u.name, u]));
  const before = new Map(current.upstreams.map((u, index) => [u.name, { config: u, index }]));
  const plan: ReloadPlan = { added: [], removed: [], restarted: [], unchanged: [], moved: [] };
  for (const name of running) if (!wanted.has(name)) plan.removed.push(name);
  next.upstreams.forEach((config, index) => {
    if (config.disabled) return;
    const old = before.get(config.name);
    if (!running.includes(config.name) || !old) plan.added.push(config.name);
    else if (!sameValue(old.config, config)) plan.restarted.push(config.name);
    else {
      plan.unchanged.push(config.name);
      if (old.index !== index) plan.moved.push(config.name);
    }
  });
  return plan;
}

/** Applies `next` (see the file comment). @throws ConfigError, with nothing changed. */
export async function reloadRouter(next: RouterConfig, host: ReloadHost): Promise<ReloadResult> {
  const plan = planReload(host.current, next, host.running);
  const { log } = host;
  if (host.current.logLevel !== next.logLevel) {
    log.warn(`config reload: logLevel ${next.logLevel} takes effect when mcp-mux restarts`);
  }
  if (host.current.requestStateKey !== next.requestStateKey) {
    log.warn('config reload: requestStateKey takes effect when mcp-mux restarts');
  }
  if (!sameValue(host.current.cluster, next.cluster)) {
    log.warn('config reload: cluster takes effect when mcp-mux restarts');
  }
  host.setConfig(next);
  const byName = new Map(next.upstreams.map((u) => [u.name, u]));
  const start = (name: string) => {
    const config = byName.get(name);
    if (config) host.add(config);
  };
  await Promise.allSettled([
    ...plan.removed.map((name) => host.remove(name, 'the upstream was removed from the config')),
    ...plan.restarted.map(async (name) => {
      await host.remove(name, 'the upstream is restarting: its config changed');
      start(name);
    }),
  ]);
  for (const name of plan.added) start(name);
  for (const name of plan.moved) host.reorder(name);
  const { added, removed, restarted, unchanged } = plan;
  log.info(
    `config reloaded: ${added.length} added${list(added)}, ${removed.length} removed${list(removed)}, ${restarted.length} restarted${list(restarted)}, ${unchanged.length} unchanged`,
  );
  return { added, removed, restarted, unchanged };
}

const list = (names: string[]): string => (names.length > 0 ? ` (${names.join(', ')})` : '');

/** Deep equality of JSON-like values (key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const bRecord = b as Record<string, unknown>;
  const aRecord = a as Record<string, unknown>;
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && sameValue(aRecord[key], bRecord[key]));
}
