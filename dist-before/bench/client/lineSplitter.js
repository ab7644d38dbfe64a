/**
 * Newline-delimited framing for the benchmark's own stdio endpoints. Chunks are kept in a
 * list until a newline arrives, so a 4 MiB message read in 64 KiB pieces is joined once
 * (no quadratic re-concatenation). Empty lines are skipped.
 */
export function createLineSplitter(onLine) {
    let pending = [];
    return (chunk) => {
        let start = 0;
        let nl = chunk.indexOf(10, start);
        while (nl !== -1) {
            let line;
            if (pending.length > 0) {
                pending.push(chunk.subarray(start, nl));
                line = Buffer.concat(pending).toString('utf8');
                pending = [];
            }
            else {
                line = chunk.toString('utf8', start, nl);
            }
            if (line.length > 0 && line !== '\r')
                onLine(line);
            start = nl + 1;
            nl = chunk.indexOf(10, start);
        }
        if (start < chunk.length)
            pending.push(chunk.subarray(start));
    };
}
/**
 * Collects the lines sent in one tick and hands them to `flush` together (one syscall for a
 * burst of small messages instead of one per message). With `burstEvery`, the router's policy
 * (transports/streamTransport.ts): the first line of a tick goes out at once and then every
 * `burstEvery`th, the rest at the end of the tick (the relay floor uses it).
 */
export function createTickBatcher(flush, burstEvery = 0) {
    let batch = [];
    let sent = 0;
    let scheduled = false;
    const flushBatch = () => {
        if (batch.length === 0)
            return;
        const lines = batch;
        batch = [];
        flush(lines);
    };
    const endTick = () => {
        scheduled = false;
        sent = 0;
        flushBatch();
    };
    return (line) => {
        batch.push(line);
        if (burstEvery > 0 && sent++ % burstEvery === 0)
            flushBatch();
        if (!scheduled) {
            scheduled = true;
            process.nextTick(endTick);
        }
    };
}
/** `createTickBatcher` for strings: a tick's lines are joined into one `write`. */
export function createBatchedWriter(write, burstEvery = 0) {
    return createTickBatcher((lines) => write(lines.length === 1 ? lines[0] : lines.join('')), burstEvery);
}
//# sourceMappingURL=lineSplitter.js.map