/**
 * Newline-delimited framing for the benchmark's own stdio endpoints. Chunks are kept in a
 * list until a newline arrives, so a 4 MiB message read in 64 KiB pieces is joined once
 * (no quadratic re-concatenation). Empty lines are skipped.
 */
export function createLineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void {
  let pending: Buffer[] = [];
  return (chunk) => {
    let start = 0;
    let nl = chunk.indexOf(10, start);
    while (nl !== -1) {
      let line: string;
      if (pending.length > 0) {
        pending.push(chunk.subarray(start, nl));
        line = Buffer.concat(pending).toString('utf8');
        pending = [];
      } else {
        line = chunk.toString('utf8', start, nl);
      }
      if (line.length > 0 && line !== '\r') onLine(line);
      start = nl + 1;
      nl = chunk.indexOf(10, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  };
}

/**
 * Coalesces the strings written in one tick into one `write` (one syscall for a burst of
 * small responses instead of one per message). With `burstEvery`, the router's policy
 * (transports/streamTransport.ts): the first line of a tick goes out at once and then every
 * `burstEvery`th, the rest at the end of the tick (the relay floor uses it).
 */
export function createBatchedWriter(
  write: (text: string) => void,
  burstEvery = 0,
): (line: string) => void {
  let batch: string[] = [];
  let sent = 0;
  let scheduled = false;
  const flush = (): void => {
    if (batch.length === 0) return;
    const text = batch.length === 1 ? batch[0]! : batch.join('');
    batch = [];
    write(text);
  };
  const endTick = (): void => {
    scheduled = false;
    sent = 0;
    flush();
  };
  return (line) => {
    batch.push(line);
    if (burstEvery > 0 && sent++ % burstEvery === 0) flush();
    if (!scheduled) {
      scheduled = true;
      process.nextTick(endTick);
    }
  };
}
