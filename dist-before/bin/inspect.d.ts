import type { Router } from '../index.js';
/** `profile` (`--profile`): only the upstreams and items that profile shows (no access rules apply). */
export declare function inspect(router: Router, profile?: string): Promise<number>;
