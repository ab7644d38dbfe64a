/**
 * The tools each legacy session activated through `search_tools` (`activate: true`): listed
 * next to the meta-tools in that session's `tools/list`. At most `cap` per session, the oldest
 * dropped first; forgotten with the session (a WeakMap: nothing to clean up on close).
 */
import type { ClientSession } from '../downstream/index.js';
export declare class ActivatedTools {
    #private;
    /** The session's activated exposed names, oldest first. */
    of(session: ClientSession): readonly string[];
    /**
     * Activates `names` (a name already active moves to the newest place), keeping the newest
     * `cap`. True when the set of active names changed (a `list_changed` is due).
     */
    add(session: ClientSession, names: readonly string[], cap: number): boolean;
}
