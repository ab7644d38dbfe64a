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
 * small responses instead of one per message).
 */
export function createBatchedWriter(write: (text: string) => void): (line: string) => void {
  let batch: string[] = [];
  const flush = (): void => {
    const text = batch.length === 1 ? batch[0]! : batch.join('');
    batch = [];
    write(text);
  };
  return (line) => {
    if (batch.length === 0) process.nextTick(flush);
    batch.push(line);
  };
}
