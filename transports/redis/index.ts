/** The public surface of transports/redis/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { RedisClusterStore, type RedisClusterStoreOptions } from './redisClusterStore.js';
