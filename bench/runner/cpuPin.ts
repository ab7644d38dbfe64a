/**
 * Pinning a row's processes to one vCPU (`--pin`): the bench process pins all its threads with
 * `taskset`, so every subject it then starts (and their upstreams, their threads) inherits the
 * mask; afterwards the mask is widened again to every CPU.
 *
 * Why: with one request in flight the chain client → router → upstream is sequential, and on
 * a VM each wake-up that crosses vCPUs is an exit to the host whose cost moves with the host's
 * load. Unpinned, identical routers read up to 35% apart at one in flight; with the whole row
 * on one vCPU and three routers per build, an A/A pair read 0.95–0.98× on a steady host
 * (notes/2026-11-29-audit-digest-share.md). Rows with several requests in flight stay
 * unpinned: on one vCPU their throughput would be the sum of every process's CPU, which
 * dilutes what the router costs.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

export type PinMode = { cpu: number } | 'off';

/** `--pin 0` → `{ cpu: 0 }`; `--pin off` → `'off'`; anything else throws. */
export function parsePin(value: string): PinMode {
  if (value === 'off') return 'off';
  if (/^\d+$/.test(value)) return { cpu: Number(value) };
  throw new Error(`--pin takes a CPU number or "off", not ${JSON.stringify(value)}`);
}

/** Whether a row is pinned: only closed-loop rows with one request in flight. */
export function pinsRow(pin: PinMode, inFlight: number): pin is { cpu: number } {
  return pin !== 'off' && inFlight === 1;
}

/** Sets the CPU list of every thread of `pid`: true, or why taskset failed. */
function setAffinity(pid: number, list: string): true | string {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'pipe' });
    return true;
  } catch (e) {
    const err = e as { code?: string; stderr?: Buffer };
    return err.code === 'ENOENT'
      ? 'taskset not found (util-linux)'
      : (err.stderr?.toString().trim() ?? String(e));
  }
}

/**
 * Runs `fn` with this process (and so every process it starts) on `cpu`; the affinity is
 * widened again afterwards whatever `fn` does. When pinning is impossible (no taskset, a CPU
 * that does not exist) `fn` runs unpinned and `onUnpinned` says why.
 */
export async function withPinnedCpu<T>(
  cpu: number,
  fn: () => Promise<T>,
  onUnpinned: (reason: string) => void,
): Promise<T> {
  const all = `0-${cpus().length - 1}`;
  const pinned =
    cpu < cpus().length ? setAffinity(process.pid, String(cpu)) : `no CPU ${cpu} on this machine`;
  if (pinned !== true) {
    onUnpinned(pinned);
    return fn();
  }
  try {
    return await fn();
  } finally {
    setAffinity(process.pid, all);
  }
}

/** The CPU list of `pid`'s main thread, as taskset prints it (`0`, `0-1`). */
export function allowedCpus(pid: number): string {
  const out = execFileSync('taskset', ['-c', '-p', String(pid)]).toString();
  return out.slice(out.lastIndexOf(':') + 1).trim();
}
