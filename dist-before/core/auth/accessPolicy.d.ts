import type { AccessRule } from '../config/index.js';
import type { Principal } from './principal.js';
/** What is asked about: an item of a catalog kind, or (`upstream`) the upstream as a whole. */
export type AccessKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates' | 'upstream';
export interface AccessPolicy {
    allows(principal: Principal | undefined, upstream: string, kind: AccessKind, exposed: string): boolean;
    /** Whether `principal` may receive what `upstream` sends (notifications, server requests). */
    mayReceive(principal: Principal | undefined, upstream: string): boolean;
}
export declare const allowAll: AccessPolicy;
export type Matcher = (value: string) => boolean;
/** Globs of names (absent or empty: every name); shared with the rate limits. */
export declare const globMatcher: (patterns: readonly string[] | undefined) => Matcher;
/** One principal pattern of `mcpMux.access` (also read by `mcpMux.rateLimits`). */
export declare function principalMatcher(pattern: string): (p: Principal | undefined) => boolean;
export declare function compileAccess(rules: readonly AccessRule[] | undefined): AccessPolicy;
