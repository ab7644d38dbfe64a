/** Items handled between two yields to the event loop. */
export const SLICE = 256;
/** Resolves on a later turn of the event loop (a scheduler task with no delay). */
export const yieldTo = (scheduler) => new Promise((resolve) => {
    scheduler.schedule(() => resolve());
});
/**
 * `work` on each item in order, synchronously within a slice, yielding between slices. The
 * first slice runs at once, so a small list costs no extra turn. False when stopped early.
 */
export async function inSlices(items, options, work) {
    const slice = options.slice ?? SLICE;
    for (let start = 0; start < items.length; start += slice) {
        if (start > 0)
            await yieldTo(options.scheduler);
        if (options.stopped())
            return false;
        const end = Math.min(items.length, start + slice);
        for (let i = start; i < end; i++)
            work(items[i]);
    }
    return true;
}
/**
 * `work` on each item with at most `concurrency` running at once (so one caller never fills
 * an upstream's queue), yielding after every slice of items started. Failures are `work`'s
 * to handle. False when stopped early.
 */
export async function eachPaced(items, options, work) {
    const slice = options.slice ?? SLICE;
    let next = 0;
    const worker = async () => {
        while (next < items.length && !options.stopped()) {
            const index = next++;
            if (index > 0 && index % slice === 0)
                await yieldTo(options.scheduler);
            if (options.stopped())
                return;
            await work(items[index]);
        }
    };
    const workers = Math.max(1, Math.min(options.concurrency, items.length));
    await Promise.all(Array.from({ length: workers }, worker));
    return !options.stopped();
}
//# sourceMappingURL=pacedWork.js.map