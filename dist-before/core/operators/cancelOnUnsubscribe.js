import { requestLifecycle } from './requestLifecycle.js';
export function cancelOnUnsubscribe(config) {
    return requestLifecycle(typeof config === 'function' ? { cancel: config } : config);
}
//# sourceMappingURL=cancelOnUnsubscribe.js.map