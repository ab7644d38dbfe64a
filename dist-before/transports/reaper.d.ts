/** Seconds given to stdin EOF, then to SIGTERM, before the next step when the router died. */
export declare const REAPER_GRACE_S = 2;
/** Tells the watchdog about a live group (`+`) or one that is gone (`-`). */
export declare function reaperTrack(pid: number, live: boolean): void;
