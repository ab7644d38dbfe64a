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
  const list = [...groups.values()];
  const shift = (round - 1) % list.length;
  const turned = [...list.slice(shift), ...list.slice(0, shift)];
  return turned.flatMap((group) => turnGroup(group, round));
}

/** A group's order in a round: rotated by one each round, so each member leads in turn. */
function turnGroup(group: readonly string[], round: number): string[] {
  const shift = (round - 1) % group.length;
  return [...group.slice(shift), ...group.slice(0, shift)];
}
