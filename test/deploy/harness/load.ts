/**
 * Steady load for "kill an instance under load" tests: `workers` loops, each calling `call`
 * back to back until `stop()`. Every call is timed and bounded by `timeoutMs` (a call that
 * outlives it is recorded as a hang, and the loop moves on), so a test can check that each
 * request was answered once or failed cleanly, and which ones overlapped an event.
 */
export interface LoadOutcome {
  worker: number;
  index: number;
  startedAt: number;
  endedAt: number;
  /** What `call` resolved to; absent when it threw or hung. */
  value?: unknown;
  error?: string;
  hung?: true;
}

export interface Load {
  readonly outcomes: LoadOutcome[];
  /** Ends the loops after their current call; resolves with every outcome. */
  stop(): Promise<LoadOutcome[]>;
}

export function startLoad(options: {
  workers: number;
  call: (worker: number, index: number) => Promise<unknown>;
  timeoutMs?: number;
}): Load {
  const outcomes: LoadOutcome[] = [];
  const timeoutMs = options.timeoutMs ?? 10_000;
  let running = true;
  let index = 0;
  const worker = async (id: number) => {
    while (running) {
      const n = index++;
      const startedAt = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<'hung'>((resolve) => {
        timer = setTimeout(() => resolve('hung'), timeoutMs);
      });
      try {
        const value = await Promise.race([options.call(id, n), hang]);
        if (value === 'hung')
          outcomes.push({ worker: id, index: n, startedAt, endedAt: Date.now(), hung: true });
        else outcomes.push({ worker: id, index: n, startedAt, endedAt: Date.now(), value });
      } catch (error) {
        outcomes.push({
          worker: id,
          index: n,
          startedAt,
          endedAt: Date.now(),
          error: String(error),
        });
      } finally {
        clearTimeout(timer);
      }
    }
  };
  const loops = Array.from({ length: options.workers }, (_, id) => worker(id));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}
