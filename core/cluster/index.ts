/** The public surface of core/cluster/ (STYLE.md, principle 6): what is not listed here is free to change. */

export { logAvailability } from './availabilityLog.js';
export { bounded } from './bounded.js';
export type { BucketTake, ClusterStore, HeldLock, InstanceRecord } from './clusterStore.js';
export { MemoryClusterStore } from './memoryClusterStore.js';
