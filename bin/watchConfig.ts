/**
 * Hot reload triggers for the CLI: a change to the config file (fs.watch on its directory,
 * debounced) or SIGHUP re-reads the file and hands the parsed config to `apply`
 * (`Router.reload`). A config that does not parse, or that `apply` rejects, is logged with
 * its reason and the running config stays.
 *
 * The directory is watched, not the file: editors save by writing a new file and renaming it
 * over the old one, which a watch on the old inode would miss. Events for other files in the
 * directory are ignored; bursts (write + rename + chmod) collapse into one reload.
 */
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ConfigError, loadConfigFile, type RouterConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';

export interface WatchConfigOptions {
  log: Logger;
  apply: (config: RouterConfig) => Promise<unknown>;
  /** Quiet time after the last change before reloading. Default 200 ms. */
  debounceMs?: number;
  /** Also reload on SIGHUP. Default true. */
  sighup?: boolean;
}

export interface ConfigWatcher {
  /** Reloads now (what SIGHUP does); resolves when the reload is done or rejected. */
  reload(why: string): Promise<void>;
  close(): void;
}

export function watchConfig(path: string, options: WatchConfigOptions): ConfigWatcher {
  const file = resolve(path);
  const { log } = options;
  const debounceMs = options.debounceMs ?? 200;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const reload = (why: string): Promise<void> => {
    running = running.then(async () => {
      if (closed) return;
      log.info(`config: reloading ${file} (${why})`);
      try {
        const config = await loadConfigFile(file);
        await options.apply(config);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const kind = error instanceof ConfigError ? 'rejected' : 'failed';
        log.error(`config reload ${kind}, the running config stays: ${reason}`);
      }
    });
    return running;
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
      if (name !== null && name.toString() !== basename(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload('file changed'), debounceMs);
    });
    watcher.on('error', (error) => log.warn(`config: watching ${file} failed: ${error.message}`));
  } catch (error) {
    log.warn(`config: cannot watch ${file}: ${(error as Error).message}; SIGHUP still reloads`);
  }
  const onHangup = () => void reload('SIGHUP');
  if (options.sighup !== false) process.on('SIGHUP', onHangup);

  return {
    reload,
    close: () => {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
      process.off('SIGHUP', onHangup);
    },
  };
}
