/**
 * Fetching an upstream's lists into the merged catalog (every page, through the upstream's
 * queue), and the per-upstream item counts the status lines show. A refresh whose upstream
 * failed or was replaced meanwhile writes nothing: its part of the catalog is gone and stays
 * gone.
 */
import type { Catalog, CatalogKind } from '../../core/catalog/index.js';
import { servesToolTasks, withoutTaskOnlyTools } from '../../core/catalog/index.js';
import type { UpstreamConfig } from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import type { Upstream } from '../upstream/index.js';
import { LIST_KINDS, logCollisions } from './facade.js';

export interface CatalogRefreshHost {
  readonly catalog: Catalog;
  readonly log: Logger;
  /** The upstreams in config order (their position decides collisions). */
  configOrder(): readonly UpstreamConfig[];
  /** Whether `upstream` is still the one serving its name, and ready. */
  isCurrent(upstream: Upstream): boolean;
  /** `upstream`'s part of a catalog kind really changed (coalesced into `list_changed`); not for the same list again. */
  changed(kind: CatalogKind, upstream: string): void;
  /** Shutting down: an interrupted refresh is expected, logged at debug. */
  quiet(): boolean;
  /** Runs `fn` after `ms` on the router's scheduler (the `ttlMs` refresh); returns a cancel. */
  schedule?(ms: number, fn: () => void): () => void;
}

/**
 * The soonest a list a modern upstream gave a `ttlMs` is fetched again. `ttlMs: 0` ("do not
 * reuse") is not a refresh loop: the catalog follows such an upstream's list changes through
 * its `subscriptions/listen` (actors/upstream/modernListen.ts), and refreshes it at this pace
 * when it offers none.
 */
export const MIN_TTL_REFRESH_MS = 5_000;

export class CatalogRefresh {
  readonly #host: CatalogRefreshHost;
  /** Items fetched per upstream and kind (before filters and collisions), for status lines. */
  readonly #counts = new Map<string, Partial<Record<CatalogKind, number>>>();
  /** Pending `ttlMs` refreshes, by upstream name and list method. */
  readonly #stale = new Map<string, () => void>();

  constructor(host: CatalogRefreshHost) {
    this.#host = host;
  }

  countsOf(name: string): Partial<Record<CatalogKind, number>> | undefined {
    return this.#counts.get(name);
  }

  /** Takes an upstream's part out of the catalog (failed, closed or removed). */
  remove(name: string): void {
    this.#host.catalog.removeUpstream(name);
    this.#counts.delete(name);
    for (const [key, cancel] of this.#stale) {
      if (key.startsWith(`${name}\n`)) {
        cancel();
        this.#stale.delete(key);
      }
    }
  }

  /**
   * A modern upstream's list goes stale after its `ttlMs` (server/utilities/caching): it is
   * fetched again then, unless a list change comes first (that refresh re-arms this). A `ttlMs`
   * of 0 is only honoured this way when the upstream sends no list changes.
   */
  #expire(upstream: Upstream, kind: CatalogKind, method: string): void {
    const key = `${upstream.name}\n${method}`;
    this.#stale.get(key)?.();
    this.#stale.delete(key);
    const ttl = upstream.listTtlMs(method);
    const schedule = this.#host.schedule;
    if (ttl === undefined || schedule === undefined) return;
    if (ttl === 0 && upstream.listensForChanges) return;
    const cancel = schedule(Math.max(ttl, MIN_TTL_REFRESH_MS), () => {
      this.#stale.delete(key);
      if (this.#host.isCurrent(upstream)) void this.refresh(upstream, [kind]);
    });
    this.#stale.set(key, cancel);
  }

  /** Re-fetches `kinds` of `upstream` (those its capabilities offer) into the catalog. */
  async refresh(upstream: Upstream, kinds: readonly CatalogKind[]): Promise<void> {
    const host = this.#host;
    const caps = upstream.server?.capabilities ?? {};
    const config = upstream.config;
    const catalogUpstream = {
      name: config.name,
      prefix: config.prefix,
      order: host.configOrder().findIndex((u) => u.name === config.name),
      tools: config.tools,
      prompts: config.prompts,
      toolOverrides: config.toolOverrides,
      promptOverrides: config.promptOverrides,
    };
    await Promise.all(
      LIST_KINDS.filter((k) => kinds.includes(k.kind) && caps[k.capability]).map(async (k) => {
        try {
          const items = await upstream.listAll(k.method, k.key);
          if (!host.isCurrent(upstream)) return;
          const changed = host.catalog.setItems(
            catalogUpstream,
            k.kind,
            servesToolTasks(caps) ? items : this.#callable(upstream.name, k.kind, items),
          );
          this.#counts.set(upstream.name, {
            ...this.#counts.get(upstream.name),
            [k.kind]: items.length,
          });
          // The same list again (a change undone, a storm that ended where it began) is no news.
          if (changed) host.changed(k.kind, upstream.name);
          this.#expire(upstream, k.kind, k.method);
        } catch (error) {
          const report = host.quiet() ? host.log.debug : host.log.warn;
          report.call(
            host.log,
            `upstream ${upstream.name}: ${k.method} failed: ${(error as Error).message}`,
          );
        }
      }),
    );
    logCollisions(host.log, host.catalog, upstream.name);
  }

  /** Task-only tools of an upstream that serves no tool tasks are left out (core/catalog/tasks.ts). */
  #callable<T>(name: string, kind: CatalogKind, items: readonly T[]): readonly T[] {
    if (kind !== 'tools') return items;
    const { tools, hidden } = withoutTaskOnlyTools(items);
    if (hidden.length > 0) {
      this.#host.log.info(
        `upstream ${name}: ${hidden.length} tool(s) need tasks, but the upstream does not declare tasks.requests.tools.call; not exposed: ${hidden.join(', ')}`,
      );
    }
    return tools;
  }
}
