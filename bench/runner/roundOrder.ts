/**
 * The order in which a scenario's subjects are measured in round `round` (1-based).
 *
 * A build and its `--compare` twins form one group and are always measured back to back:
 * the host's speed drifts over seconds (on a shared VM, a fixed loop's CPU time moves by ±10%
 * from one run to the next), so a twin measured four subjects later can meet another machine.
 * Within a group the order turns each round (A B, B A, …), so neither build always runs right
 * after the other's load. The groups themselves turn each round (G1 G2 G3, G2 G3 G1, …), so no
 * subject always runs first.
 */
import { twinOf } from '../report/compare.js';

export function roundOrder(names: readonly string[], round: number): string[] {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const key = twinOf(name) ?? name;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [name]);
    else group.push(name);
  }
  return turned([...groups.values()], round).flatMap((group) => turned(group, round));
}

/** `list` rotated by one per round after the first, so each member leads in turn. */
function turned<T>(list: readonly T[], round: number): T[] {
  const shift = (round - 1) % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}
