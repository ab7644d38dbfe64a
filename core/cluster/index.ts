/** The public surface of core/cluster/ (STYLE.md, principle 6): what is not listed here is free to change. */

export { logAvailability } from './availabilityLog.js';
export { bounded } from './bounded.js';
export type { BucketTake, ClusterStore, HeldLock, InstanceRecord } from './clusterStore.js';
export { HOP_HEADER, HOP_SKEW_MS, HopAuth, type HopFacts, type HopVerdict } from './hopAuth.js';
export {
  MEMBERSHIP_DEFAULTS,
  type Member,
  Membership,
  type MembershipOptions,
} from './membership.js';
export { MemoryClusterStore } from './memoryClusterStore.js';
export { derivedKey, SESSION_ID_VERSION, SessionIdSealer } from './sessionIds.js';
