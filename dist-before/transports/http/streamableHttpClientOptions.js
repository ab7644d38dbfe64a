/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export const sleep = (ms, signal) => new Promise((resolve) => {
    const onAbort = () => {
        clearTimeout(timer);
        resolve();
    };
    const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
});
//# sourceMappingURL=streamableHttpClientOptions.js.map