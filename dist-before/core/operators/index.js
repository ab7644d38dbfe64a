/** The public surface of core/operators/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { adaptiveDebounce } from './adaptiveDebounce.js';
export { cancelOnUnsubscribe } from './cancelOnUnsubscribe.js';
export { concatMapLatest } from './concatMapLatest.js';
export { Deadlines } from './deadlines.js';
export { abortError, requestLifecycle, } from './requestLifecycle.js';
export { handOver, SourceHolder } from './sourceHolder.js';
export { timeoutWithProgress } from './timeoutWithProgress.js';
//# sourceMappingURL=index.js.map