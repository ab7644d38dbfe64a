/**
 * The event-loop turn of writes, shared by every stream transport of the process. A turn ends
 * with the check phase (`setImmediate`), which runs right after the poll phase's I/O
 * callbacks: what several callbacks of one poll phase produce for one destination (the
 * responses of 100 upstreams to one client, the requests of many HTTP exchanges to one stdio
 * upstream) can leave in one write there.
 *
 * - `currentTurn()` names the turn; the first call of a turn schedules its end (one
 *   `setImmediate` per turn for the whole process, however many transports write).
 * - `atTurnEnd(flush)` runs `flush` when the current turn ends, before the turn number moves on,
 *   in the order asked.
 * - `turnAsked()`: whether the current turn has been asked for (its end is scheduled), so a
 *   caller that only asks now and then can ask for free when someone else did.
 */
type Flush = () => void;

let turn = 1;
let ending = false;
let flushes: Flush[] = [];

/** Passes over flushes asked while flushing before the rest moves to the next turn. */
const MAX_PASSES = 16;

function endTurn(): void {
  // Flushes asked while flushing (a flush whose write makes a reader send to another
  // transport at once) run in this same turn end, up to MAX_PASSES passes.
  for (let pass = 0; flushes.length > 0 && pass < MAX_PASSES; pass += 1) {
    const now = flushes;
    flushes = [];
    for (const flush of now) flush();
  }
  turn += 1;
  ending = false;
  // Past the bound, what is left ends the next turn instead of waiting for a writer.
  if (flushes.length > 0) currentTurn();
}

/** The number of the current event-loop turn (see the file header). */
export function currentTurn(): number {
  if (!ending) {
    ending = true;
    setImmediate(endTurn);
  }
  return turn;
}

/** True when something asked for the current turn already (asking again costs nothing). */
export function turnAsked(): boolean {
  return ending;
}

/** Runs `flush` at the end of the current turn. */
export function atTurnEnd(flush: Flush): void {
  currentTurn();
  flushes.push(flush);
}
