/** The public surface of core/operators/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { type CancelOnUnsubscribeConfig, cancelOnUnsubscribe } from './cancelOnUnsubscribe.js';
export { Deadlines, type Timed } from './deadlines.js';
export {
  abortError,
  type RequestLifecycleConfig,
  requestLifecycle,
} from './requestLifecycle.js';
export { type TimeoutWithProgressConfig, timeoutWithProgress } from './timeoutWithProgress.js';
