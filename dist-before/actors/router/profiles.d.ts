import type { AccessKind } from '../../core/auth/index.js';
import type { ProfileConfig, ToolSearchConfig } from '../../core/config/index.js';
type Matcher = (value: string) => boolean;
interface CompiledProfile {
    upstream: Matcher;
    items: Record<AccessKind, Matcher>;
    /** The profile's own `toolSearch`, or undefined to use `mcpMux.toolSearch`. */
    toolSearch: ToolSearchConfig | undefined;
}
export type ProfilesSource = () => Readonly<Record<string, ProfileConfig>> | undefined;
export declare class Profiles {
    #private;
    constructor(source: ProfilesSource);
    /** The compiled profiles; undefined when none is configured (then nobody has a profile to check). */
    get compiled(): ReadonlyMap<string, CompiledProfile> | undefined;
    has(name: string): boolean;
    /** May a session of `profile` see and use this item (`exposed` name or URI) of `upstream`? */
    allows(profile: string, upstream: string, kind: AccessKind, exposed: string): boolean;
    /** Does what `upstream` sends on its own reach sessions of `profile`? */
    mayReceive(profile: string, upstream: string): boolean;
    /** The profile's tool search: its own, else `fallback` (`mcpMux.toolSearch`). */
    toolSearch(profile: string, fallback: ToolSearchConfig | undefined): ToolSearchConfig | undefined;
}
export {};
