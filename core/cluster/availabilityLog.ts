/**
 * Logs the shared engine's availability once per change (`ClusterStore.onAvailability`): the
 * consumers (token store, session places, rate limits) fall back quietly on each rejected
 * call, so the owner of the store calls this once and the log says "down" and "back" once each.
 */
import type { Logger } from '../log/index.js';
import type { ClusterStore } from './clusterStore.js';

/** Starts logging `store`'s availability changes; returns the unsubscribe. */
export function logAvailability(store: ClusterStore, log: Logger): () => void {
  return store.onAvailability((available) => {
    if (available) log.info('cluster store available again: shared limits and tokens resume');
    else log.warn('cluster store unavailable: local limits and tokens until it returns');
  });
}
