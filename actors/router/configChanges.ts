/**
 * The router's config changes, one after the other: `reload` (a whole config, parsed or in the
 * file's format) and the one-upstream edits a library user makes (`addUpstream`,
 * `removeUpstream`), which are reloads of the running config with one entry more or less, so
 * they apply exactly as a file edit would (reload.ts). A refused change keeps the running
 * config; entries are validated as in a file (`parseUpstreamEntry`: `ConfigError`).
 */

import type { ToolNeeds } from '../../core/catalog/index.js';
import {
  ConfigError,
  parseUpstreamEntry,
  type RouterConfig,
  toRouterConfig,
  type UpstreamConfig,
} from '../../core/config/index.js';
import type { Logger } from '../../core/log/index.js';
import { ALL_KINDS } from './facade.js';
import { type ReloadResult, reloadRouter } from './reload.js';
import type { UpstreamPool } from './upstreamPool.js';

export interface ConfigChangesHost {
  config(): RouterConfig;
  setConfig(config: RouterConfig): void;
  /** The running upstreams (the router's `UpstreamPool`). */
  readonly upstreams: {
    keys(): IterableIterator<string>;
    add(upstream: UpstreamConfig): void;
    remove(name: string, reason: string): Promise<void>;
    refresh(name: string, kinds: typeof ALL_KINDS): void;
  };
  readonly log: Logger;
}

/** The running config's load warnings were logged when it was loaded: not again per edit. */
function withoutWarnings(config: RouterConfig): RouterConfig {
  const { warnings: _logged, ...rest } = config;
  return rest;
}

export class ConfigChanges {
  readonly #host: ConfigChangesHost;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(host: ConfigChangesHost) {
    this.#host = host;
  }

  /** Applies `config` (parsed, or raw and parsed here) after the changes before it. */
  reload(config: RouterConfig | Record<string, unknown>): Promise<ReloadResult> {
    return this.#enqueue(() => toRouterConfig(config));
  }

  /** Adds upstream `name` from a raw `mcpServers` entry. @throws ConfigError (rejects) */
  add(name: string, entry: Record<string, unknown>): Promise<ReloadResult> {
    return this.#enqueue((current) => {
      if (current.upstreams.some((u) => u.name === name)) {
        throw new ConfigError([
          { path: `mcpServers.${name}`, reason: 'an upstream of this name is configured already' },
        ]);
      }
      const upstream = parseUpstreamEntry(name, entry, current);
      return { ...withoutWarnings(current), upstreams: [...current.upstreams, upstream] };
    });
  }

  /** Removes upstream `name` (its catalog part at once, then its connection). */
  remove(name: string): Promise<ReloadResult> {
    return this.#enqueue((current) => {
      if (!current.upstreams.some((u) => u.name === name)) {
        throw new ConfigError([{ path: `mcpServers.${name}`, reason: 'no such upstream' }]);
      }
      const upstreams = current.upstreams.filter((u) => u.name !== name);
      return { ...withoutWarnings(current), upstreams };
    });
  }

  /** `next` runs once the changes before it are done, against the config they left. */
  #enqueue(next: (current: RouterConfig) => RouterConfig): Promise<ReloadResult> {
    const { upstreams, log, ...host } = this.#host;
    const run = () =>
      reloadRouter(next(host.config()), {
        current: host.config(),
        running: [...upstreams.keys()],
        log,
        setConfig: (config) => {
          host.setConfig(config);
          for (const warning of config.warnings ?? []) log.warn(`config: ${warning}`);
        },
        add: (upstream) => upstreams.add(upstream),
        remove: (name, reason) => upstreams.remove(name, reason),
        // A changed prefix or order: its lists again.
        reorder: (name) => upstreams.refresh(name, ALL_KINDS),
      });
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }
}

/**
 * The router's edits: its upstream pool, with what a removed server's tools asked for
 * forgotten (another server may come under that name).
 */
export function configChangesFor(
  parts: { readonly upstreams: UpstreamPool; readonly toolNeeds: ToolNeeds; readonly log: Logger },
  config: () => RouterConfig,
  setConfig: (config: RouterConfig) => void,
): ConfigChanges {
  const { upstreams, toolNeeds } = parts;
  return new ConfigChanges({
    config,
    setConfig,
    upstreams: {
      keys: () => upstreams.keys(),
      add: (upstream) => upstreams.add(upstream),
      remove: (name, reason) => {
        toolNeeds.forget(name);
        return upstreams.remove(name, reason);
      },
      refresh: (name, kinds) => upstreams.refresh(name, kinds),
    },
    log: parts.log,
  });
}
