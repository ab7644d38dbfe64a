/**
 * Newline-delimited framing for the benchmark's own stdio endpoints. Chunks are kept in a
 * list until a newline arrives, so a 4 MiB message read in 64 KiB pieces is joined once
 * (no quadratic re-concatenation). Empty lines are skipped.
 */
export declare function createLineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void;
/**
 * Collects the lines sent in one tick and hands them to `flush` together (one syscall for a
 * burst of small messages instead of one per message). With `burstEvery`, the router's policy
 * (transports/streamTransport.ts): the first line of a tick goes out at once and then every
 * `burstEvery`th, the rest at the end of the tick (the relay floor uses it).
 */
export declare function createTickBatcher<T>(flush: (lines: T[]) => void, burstEvery?: number): (line: T) => void;
/** `createTickBatcher` for strings: a tick's lines are joined into one `write`. */
export declare function createBatchedWriter(write: (text: string) => void, burstEvery?: number): (line: string) => void;
