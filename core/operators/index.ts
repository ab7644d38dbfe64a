/** The public surface of core/operators/ (STYLE.md, principle 6): what is not listed here is free to change. */

export { type AdaptiveDebounceConfig, adaptiveDebounce } from './adaptiveDebounce.js';
export { type CancelOnUnsubscribeConfig, cancelOnUnsubscribe } from './cancelOnUnsubscribe.js';
export { concatMapLatest } from './concatMapLatest.js';
export { Deadlines, deadlinesFor, type Timed } from './deadlines.js';
export {
  abortError,
  type RequestLifecycleConfig,
  requestLifecycle,
} from './requestLifecycle.js';
export { handOver, SourceHolder } from './sourceHolder.js';
export { type TimeoutWithProgressConfig, timeoutWithProgress } from './timeoutWithProgress.js';
