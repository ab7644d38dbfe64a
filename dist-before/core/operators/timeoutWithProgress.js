import { requestLifecycle } from './requestLifecycle.js';
const nothingToCancel = () => { };
export function timeoutWithProgress(config) {
    const none = (value) => value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY;
    if (none(config.idle) && none(config.maxTotal))
        return (source) => source;
    return requestLifecycle({
        timeout: config.idle,
        maxTotalTimeout: config.maxTotal,
        resetTimeoutOnProgress: config.resetOnProgress,
        scheduler: config.scheduler,
        meta: config.meta,
        cancel: nothingToCancel,
    });
}
//# sourceMappingURL=timeoutWithProgress.js.map