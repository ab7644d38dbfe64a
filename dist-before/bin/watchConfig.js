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
import { watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ConfigError, loadConfigFile } from '../core/config/index.js';
export function watchConfig(path, options) {
    const file = resolve(path);
    const { log } = options;
    const debounceMs = options.debounceMs ?? 200;
    let timer;
    let running = Promise.resolve();
    let closed = false;
    const reload = (why) => {
        running = running.then(async () => {
            if (closed)
                return;
            log.info(`config: reloading ${file} (${why})`);
            try {
                const config = await loadConfigFile(file);
                await options.apply(config);
            }
            catch (error) {
                const reason = error instanceof Error ? error.message : String(error);
                const kind = error instanceof ConfigError ? 'rejected' : 'failed';
                log.error(`config reload ${kind}, the running config stays: ${reason}`);
            }
        });
        return running;
    };
    let watcher;
    try {
        watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
            if (name !== null && name.toString() !== basename(file))
                return;
            clearTimeout(timer);
            timer = setTimeout(() => void reload('file changed'), debounceMs);
        });
        watcher.on('error', (error) => log.warn(`config: watching ${file} failed: ${error.message}`));
    }
    catch (error) {
        log.warn(`config: cannot watch ${file}: ${error.message}; SIGHUP still reloads`);
    }
    const onHangup = () => void reload('SIGHUP');
    if (options.sighup !== false)
        process.on('SIGHUP', onHangup);
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
//# sourceMappingURL=watchConfig.js.map